import { z } from 'zod';

/** Envelope of every API except /system-api. */
export interface ApiEnvelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Envelope of /system-api. */
export interface SystemEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const API_OK = 0;
export const SYSTEM_OK = 200;

/** A 1-based page request. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(10000).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** A page of results. */
export function listResult<T extends z.ZodTypeAny>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() });
}
export interface ListResult<T> {
  list: T[];
  total: number;
}

/** The path prefix whose requests use the system envelope. */
export const SYSTEM_API_PREFIX = '/system-api';
/** A url carrying this prefix (after the API prefix) is never cancelled as a duplicate. */
export const SKIP_CANCEL_PREFIX = '/skip-cancel';
