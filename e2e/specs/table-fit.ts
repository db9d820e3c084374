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
      const header = wrap.querySelector<HTMLElement>('.ant-table-header');
      // A virtual table (the friend list) scrolls its rows by transform: its header says how
      // wide the table is and how much of it is in view.
      const body =
        wrap.querySelector<HTMLElement>('.ant-table-body, .ant-table-content') ?? header!;
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

/** Header words of the list inside `frame` that a too-narrow column breaks over two lines. */
export async function brokenHeaderWords(frame: Locator): Promise<string[]> {
  return frame
    .locator('.ant-table-wrapper')
    .first()
    .evaluate((wrap) => {
      const broken: string[] = [];
      for (const th of Array.from(wrap.querySelectorAll<HTMLElement>('thead th'))) {
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const m of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(m[0]);
          }
        }
      }
      return broken;
    });
}
