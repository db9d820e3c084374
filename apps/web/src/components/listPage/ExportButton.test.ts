import { describe, expect, it } from 'vitest';
import { exportHref } from './ExportButton.tsx';

describe('exportHref', () => {
  it('carries the filters and sort, not the page, with the zone offset and never a token', () => {
    const href = exportHref(
      '/main-api/acc/export',
      {
        page: 3,
        pageSize: 50,
        keyword: '张 三',
        status: undefined,
        sortField: 'name',
        sortOrder: 'asc',
      },
      -480,
    );
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/main-api/acc/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      keyword: '张 三',
      sortField: 'name',
      sortOrder: 'asc',
      tzOffset: '-480',
    });
  });
});
