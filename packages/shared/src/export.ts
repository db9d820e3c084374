import { z } from 'zod';

/** Most rows one export writes (xlsx holds 1,048,576 rows a sheet). */
export const EXPORT_MAX_ROWS = 1_000_000;

/**
 * The query every xlsx export route takes beside its list's filters: the browser's
 * `Date#getTimezoneOffset()`, so times read as on screen. The SPA fetches an export with the
 * session headers and saves the answer (never a token in the address).
 */
export const exportQuery = z.object({
  tzOffset: z.coerce.number().int().min(-840).max(840).optional(),
});
export type ExportQuery = z.infer<typeof exportQuery>;

type PagedShape = { page: z.ZodType; pageSize: z.ZodType } & z.ZodRawShape;

/** An export route's query: a list's filters (page and size dropped) with {@link exportQuery}. */
export function exportQueryOf<S extends PagedShape>(listQuery: z.ZodObject<S>) {
  const { page: _page, pageSize: _pageSize, ...filters } = listQuery.shape;
  return z.object(filters as Omit<S, 'page' | 'pageSize'>).extend(exportQuery.shape);
}
