import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface Metrics {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

/** The element of an antd table that scrolls sideways. */
const scrollerOf = (root: HTMLElement | null) =>
  root?.querySelector<HTMLElement>('.ant-table-body, .ant-table-content') ?? null;

/**
 * A horizontal scrollbar drawn by the page (not the system's, which macOS and headless browsers
 * hide), shown under a table whose columns do not fit and kept at the window's bottom while the
 * table is in view: nothing sits off to the right without a visible way to reach it.
 */
export function HScrollBar({ tableRef }: { tableRef: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const [m, setM] = useState<Metrics | null>(null);
  const drag = useRef<{ x: number; left: number } | null>(null);

  useEffect(() => {
    let el: HTMLElement | null = null;
    const measure = () => {
      el ??= scrollerOf(tableRef.current);
      if (!el) return;
      setM({ scrollLeft: el.scrollLeft, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth });
    };
    measure();
    el = scrollerOf(tableRef.current);
    const resize = new ResizeObserver(measure);
    if (tableRef.current) resize.observe(tableRef.current);
    el?.addEventListener('scroll', measure, { passive: true });
    const table = el?.querySelector('table');
    if (table) resize.observe(table);
    return () => {
      resize.disconnect();
      el?.removeEventListener('scroll', measure);
    };
  }, [tableRef]);

  if (!m || m.scrollWidth <= m.clientWidth + 1) return null;
  const ratio = m.clientWidth / m.scrollWidth;
  const thumb = Math.max(ratio * 100, 8);
  const left = (m.scrollLeft / (m.scrollWidth - m.clientWidth)) * (100 - thumb);
  const scrollTo = (x: number) => {
    const el = scrollerOf(tableRef.current);
    if (el) el.scrollLeft = x;
  };
  const handleDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, left: m.scrollLeft };
  };
  const handleMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const track = e.currentTarget.parentElement?.clientWidth ?? 1;
    scrollTo(drag.current.left + ((e.clientX - drag.current.x) / track) * m.scrollWidth);
  };
  const handleTrack = (e: PointerEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const box = e.currentTarget.getBoundingClientRect();
    const toRight = e.clientX > box.left + (left / 100) * box.width;
    scrollTo(m.scrollLeft + (toRight ? 1 : -1) * m.clientWidth * 0.8);
  };
  return (
    <div
      className="list-hscroll"
      role="scrollbar"
      aria-orientation="horizontal"
      aria-label={t('listPage.scrollColumns')}
      aria-valuemin={0}
      aria-valuemax={m.scrollWidth - m.clientWidth}
      aria-valuenow={Math.round(m.scrollLeft)}
      aria-controls=""
      data-testid="list-hscroll"
      onPointerDown={handleTrack}
    >
      <div
        className="list-hscroll-thumb"
        style={{ width: `${thumb}%`, left: `${left}%` }}
        onPointerDown={handleDown}
        onPointerMove={handleMove}
        onPointerUp={() => (drag.current = null)}
      />
    </div>
  );
}
