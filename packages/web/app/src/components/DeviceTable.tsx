/**
 * The device table: one virtual scroll over the whole view, however many devices it holds.
 * Only the rows on screen (and a few around them) exist in the page; scrolling or dragging the
 * scrollbar anywhere asks the server for the page of rows there. Column headers sort on the
 * server; the rows on screen are refreshed every two seconds.
 */
import { elementScroll, observeElementOffset, observeElementRect, Virtualizer } from '@tanstack/virtual-core';
import { Component } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Column } from '../columns';
import type { DevicePages, DeviceRow } from '../device-pages';

/** Height of a row in pixels (the CSS uses the same). */
export const ROW_HEIGHT = 28;
/** Rows rendered beyond those on screen, each way. */
const OVERSCAN = 6;
/** How often the rows on screen are fetched again. */
const REFRESH_MS = 2000;

/** Pixels of the `em` the columns' natural widths are given in (the app's 14 px font). */
const EM = 14;
/** The narrowest a column gets. */
const MIN_COLUMN_PX = 3 * EM;

/**
 * Pixel widths for the columns in `width`: their natural widths, stretched or shrunk in
 * proportion to fill it (down to a minimum), as a grid template.
 */
export function columnTemplate(columns: readonly Column[], width: number): string {
  const natural = columns.map((column) => parseFloat(column.width) * EM);
  const total = natural.reduce((sum, px) => sum + px, 0);
  const scale = width > 0 && total > 0 ? width / total : 1;
  return natural.map((px) => `${Math.max(MIN_COLUMN_PX, Math.floor(px * scale))}px`).join(' ');
}

interface RowProps {
  readonly index: number;
  readonly top: number;
  readonly row: DeviceRow | undefined;
  readonly columns: readonly Column[];
  readonly grid: string;
  readonly selected: string | undefined;
  readonly now: number;
  onOpen(key: string): void;
}

/**
 * One row. It renders again only when what it shows changed (its device's row, position,
 * columns, selection or the second), so a scroll or a refresh costs the rows that changed.
 */
class DeviceTableRow extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    const props = this.props;
    return (
      next.row !== props.row ||
      next.top !== props.top ||
      next.index !== props.index ||
      next.columns !== props.columns ||
      next.grid !== props.grid ||
      next.now !== props.now ||
      (next.selected === next.row?.key) !== (props.selected === props.row?.key)
    );
  }

  override render() {
    const { index, top, row, columns, grid, selected, now, onOpen } = this.props;
    return (
      <div
        role="row"
        tabIndex={0}
        class={`tr ${row && row.key === selected ? 'selected' : ''} ${row ? '' : 'loading'}`}
        data-key={row?.key}
        data-index={index}
        style={{ gridTemplateColumns: grid, transform: `translateY(${top}px)` }}
        onClick={() => row && onOpen(row.key)}
        onKeyDown={(event) => event.key === 'Enter' && row && onOpen(row.key)}
      >
        {columns.map((column, cell) => (
          <span role="cell" class={`td ${column.numeric ? 'num' : ''}`} key={column.id}>
            {row ? column.cell(row.values[cell], now) : cell === 0 ? '…' : ''}
          </span>
        ))}
      </div>
    );
  }
}

/** The table for one query. */
export function DeviceTable(props: {
  pages: DevicePages;
  columns: readonly Column[];
  sort?: string;
  descending: boolean;
  selected?: string;
  onSort(column: string): void;
  onOpen(key: string): void;
}) {
  const { pages, columns, sort, descending, selected, onSort, onOpen } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const current = useRef(pages);
  current.current = pages;
  const [, rerender] = useState(0);
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const total = Math.max(0, pages.total.value);
  void pages.version.value; // re-render when rows arrive
  const now = Date.now() / 1000;

  const virtualizer = useMemo(
    () =>
      new Virtualizer<HTMLDivElement, HTMLDivElement>({
        count: 0,
        getScrollElement: () => scroller.current,
        estimateSize: () => ROW_HEIGHT,
        overscan: OVERSCAN,
        observeElementRect,
        observeElementOffset,
        scrollToFn: elementScroll,
        // Ask for the rows of a new range at once, in the scroll event, rather than after the next
        // paint: a jump shows its rows one frame sooner.
        onChange: (instance) => {
          const range = instance.range;
          if (range) current.current.ensure(range.startIndex - OVERSCAN, range.endIndex + OVERSCAN);
          // One render per frame, however many scroll events the frame had.
          if (frame.current === 0) {
            frame.current = requestAnimationFrame(() => {
              frame.current = 0;
              rerender((tick) => tick + 1);
            });
          }
        },
      }),
    [],
  );
  virtualizer.setOptions({ ...virtualizer.options, count: total });
  useLayoutEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());

  // A new query starts at the top and loads its first page.
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
    pages.ensure(0, 0);
  }, [pages]);

  // The rows' width (the scrolled body's, less its scrollbar), so the columns get fixed pixel
  // widths: rows then lay out without resolving flexible tracks for every cell.
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = scroller.current!;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);

  const items = virtualizer.getVirtualItems();
  const slots = Math.max(1, items.length + 2 * OVERSCAN);
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (items.length) pages.ensure(first, last);
  }, [pages, first, last, items.length]);

  useEffect(() => {
    const timer = setInterval(() => {
      const visible = virtualizer.getVirtualItems();
      pages.refresh(visible[0]?.index ?? 0, visible[visible.length - 1]?.index ?? 0);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [pages, virtualizer]);

  // Columns share the width in proportion to their natural widths, so all fit beside the detail.
  const grid = columnTemplate(columns, width);
  return (
    <div class="device-table" role="table" aria-rowcount={total}>
      <div class="device-table-head" role="row" style={{ gridTemplateColumns: grid }}>
        {columns.map((column) => (
          <span role="columnheader" class="th-cell" key={column.id} aria-sort={sort === column.id ? (descending ? 'descending' : 'ascending') : 'none'}>
            <button type="button" class={`th ${column.numeric ? 'num' : ''} ${sort === column.id ? 'sorted' : ''}`} data-column={column.id} onClick={() => onSort(column.id)}>
              {column.title}
              {sort === column.id ? (descending ? ' ▼' : ' ▲') : ''}
            </button>
          </span>
        ))}
      </div>
      <div class="device-table-body" ref={scroller} data-testid="device-scroller">
        <div style={{ height: `${virtualizer.getTotalSize()}px`, position: 'relative' }}>
          {items.map((item) => (
            // Keyed by slot, not by device: scrolling reuses a row's elements for the row that
            // takes its place, so Preact changes text instead of building elements.
            <DeviceTableRow
              key={item.index % slots}
              index={item.index}
              top={item.start}
              row={pages.row(item.index)}
              columns={columns}
              grid={grid}
              selected={selected}
              now={Math.floor(now)}
              onOpen={onOpen}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
