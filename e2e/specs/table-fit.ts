import type { Locator } from '@playwright/test';

/**
 * How a list table inside `frame` fits its screen: its width and the width it needs (a sideways
 * scroll when `needs > width`), and the headers a fixed column still covers once the table is
 * scrolled to its end — columns a person could never see.
 */
export async function tableFit(
  frame: Locator,
): Promise<{ width: number; needs: number; hidden: string[] }> {
  return frame
    .locator('.ant-table-wrapper')
    .first()
    .evaluate((wrap) => {
      const body = wrap.querySelector<HTMLElement>('.ant-table-body, .ant-table-content')!;
      const header = wrap.querySelector<HTMLElement>('.ant-table-header');
      body.scrollLeft = body.scrollWidth;
      if (header) header.scrollLeft = header.scrollWidth;
      const fixed = Array.from(
        wrap.querySelectorAll<HTMLElement>('thead th.ant-table-cell-fix-end'),
      );
      const edge = Math.min(...fixed.map((f) => f.getBoundingClientRect().left), Infinity);
      const hidden = Array.from(
        wrap.querySelectorAll<HTMLElement>(
          'thead th:not(.ant-table-cell-fix-end):not(.ant-table-cell-fix-start)',
        ),
      )
        .filter((th) => th.getBoundingClientRect().right > edge + 1)
        .map((th) => th.innerText.trim());
      body.scrollLeft = 0;
      if (header) header.scrollLeft = 0;
      return { width: body.clientWidth, needs: body.scrollWidth, hidden };
    });
}
