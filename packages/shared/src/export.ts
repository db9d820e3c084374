import { z } from 'zod';

/** Most rows one export writes (xlsx holds 1,048,576 rows a sheet). */
export const EXPORT_MAX_ROWS = 1_000_000;

/**
 * The query every xlsx export route takes beside its list's filters: the token (a download
 * cannot send headers) and the browser's `Date#getTimezoneOffset()`, so times read as on screen.
 */
export const exportQuery = z.object({
  token: z.string().max(200).optional(),
  tzOffset: z.coerce.number().int().min(-840).max(840).optional(),
});
export type ExportQuery = z.infer<typeof exportQuery>;

/** An export route's query: a list's filters (page and size dropped) with {@link exportQuery}. */
export function exportQueryOf<S extends z.ZodObject>(listQuery: S) {
  return listQuery.omit({ page: true, pageSize: true } as never).extend(exportQuery.shape);
}
