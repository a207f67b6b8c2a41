// A long task list renders only the rows a person can see or reach (issue 20): those on screen and
// half a screen either side, the focused row and its neighbours (so Tab goes on row by row), and open
// rows (their details keep their state); a spacer of the rows' measured height holds each run left
// out. A tick then re-renders, styles, lays out and paints ~30 rows instead of hundreds. Lists of
// WINDOW_FROM rows or fewer render every row, as before.
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

/** A list of more rows than this is windowed. */
export const WINDOW_FROM = 50;
/** Rendered beyond each edge of the screen, in screen heights, when the window moves. */
const OVERSCAN = 0.5;
/** The window moves once less than this is rendered beyond an edge (or more than 2 * OVERSCAN - this). */
const MARGIN = 0.2;
/** Rows kept rendered either side of the focused one. */
export const FOCUS_REACH = 3;
/** A row's height before any is measured: one line of title, one of details (as content-visibility's 4rem). */
const ROW_ESTIMATE_PX = 64;

/** The screen's height assumed where there is none (a render on the server, the plan preview's tests). */
const SERVER_SCREEN_PX = 800;

/** The part of the list to render, in px from its top. */
export type RowView = { top: number; bottom: number };
export type WindowSnapshot = { view: RowView; estimate: number };
/** Rows [start, end), or a spacer standing for the rows [start, end) left out. */
export type WindowPart = { kind: 'rows' | 'gap'; start: number; end: number; height: number };
export type PinnedRow = { index: number; reach: number };

/** The runs of rows to render: those overlapping `view`, and each pinned row with `reach` rows either side. */
export function windowParts(heights: readonly number[], view: RowView, pinned: readonly PinnedRow[]): WindowPart[] {
  const count = heights.length;
  const runs: [number, number][] = [];
  let offset = 0;
  let first = -1;
  let last = -1;
  for (let index = 0; index < count; index += 1) {
    const next = offset + heights[index]!;
    if (next > view.top && offset < view.bottom) {
      if (first < 0) first = index;
      last = index + 1;
    }
    offset = next;
  }
  if (first >= 0) runs.push([first, last]);
  for (const { index, reach } of pinned) if (index >= 0 && index < count) runs.push([Math.max(0, index - reach), Math.min(count, index + reach + 1)]);
  runs.sort((a, b) => a[0] - b[0]);

  const parts: WindowPart[] = [];
  const gap = (start: number, end: number) => {
    let height = 0;
    for (let index = start; index < end; index += 1) height += heights[index]!;
    parts.push({ kind: 'gap', start, end, height });
  };
  let cursor = 0;
  for (const [start, end] of runs) {
    const previous = parts.at(-1);
    if (previous?.kind === 'rows' && start <= previous.end) {
      previous.end = Math.max(previous.end, end);
      cursor = previous.end;
      continue;
    }
    if (start > cursor) gap(cursor, start);
    parts.push({ kind: 'rows', start, end, height: 0 });
    cursor = end;
  }
  if (cursor < count) gap(cursor, count);
  return parts;
}

/** What the window needs of the page: its height and scroll events (the window in the app, a stand-in in tests). */
type Viewport = Pick<Window, 'innerHeight' | 'addEventListener' | 'removeEventListener'>;
type ListElement = Pick<Element, 'getBoundingClientRect'>;

/**
 * One list's window, outside React: it follows the page's scroll and the rows' sizes, and tells the
 * list (useSyncExternalStore, so the list renders before the frame is painted) only when the rows to
 * render change. Row heights are kept by key, measured while rendered: a spacer is the sum of its rows'.
 */
export class RowWindow {
  private readonly viewport: Viewport;
  private snapshot: WindowSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly heights = new Map<string, number>();
  private observer: ResizeObserver | null = null;
  private estimated = false;
  private list: ListElement | null = null;
  /** Keys of the rendered rows whose FOCUS_REACH neighbours are rendered too. */
  private reachable = new Set<string>();
  /** The row holding the focus: rendered, with its neighbours, wherever the page scrolls. */
  focused: string | null = null;

  /** `viewport`: the browser's window unless given (rendered on the server, a screen's worth is assumed). */
  constructor(viewport?: Viewport) {
    this.viewport = viewport ?? (typeof window === 'undefined' ? { innerHeight: SERVER_SCREEN_PX, addEventListener() {}, removeEventListener() {} } : window);
    this.snapshot = { view: { top: 0, bottom: this.viewport.innerHeight * (1 + OVERSCAN) }, estimate: ROW_ESTIMATE_PX };
  }

  getSnapshot = (): WindowSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    if (this.listeners.size === 0) {
      this.viewport.addEventListener('scroll', this.update, { passive: true });
      this.viewport.addEventListener('resize', this.update);
    }
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.viewport.removeEventListener('scroll', this.update);
      this.viewport.removeEventListener('resize', this.update);
    };
  };

  /** A row's last measured height (border box), or the list's estimate when it was never rendered. */
  heightOf(key: string): number {
    return this.heights.get(key) ?? this.snapshot.estimate;
  }

  /**
   * Rows and the list are observed once laid out: the list's size changing (a row left Today's Tasks)
   * moves the window then, without a layout forced inside React's commit.
   */
  private observe(element: Element) {
    this.observer ??= new ResizeObserver((entries) => {
      const rows = entries.filter((entry) => entry.target !== this.list);
      this.measured(rows.map((entry) => [(entry.target as HTMLElement).dataset.rowKey ?? '', entry.borderBoxSize[0]?.blockSize ?? 0]));
      if (rows.length < entries.length) this.update();
    });
    const observer = this.observer;
    observer.observe(element);
    return () => observer.unobserve(element);
  }

  /** The list element's ref. */
  setList = (list: HTMLElement | null) => {
    this.list = list;
    if (list) return this.observe(list);
  };

  /** A row element's ref (it carries data-row-key): measured from now on, until it is removed. */
  measure = (row: HTMLElement | null) => {
    if (row) return this.observe(row);
  };

  /** Row heights as measured; the first ones set the estimate for the rows not rendered yet. */
  measured(sizes: [key: string, height: number][]) {
    const seen: number[] = [];
    for (const [key, height] of sizes) {
      // 0: not laid out (a hidden panel); keep what it measured when it was.
      if (!key || height <= 0) continue;
      this.heights.set(key, height);
      seen.push(height);
    }
    if (this.estimated || seen.length === 0) return;
    this.estimated = true;
    seen.sort((a, b) => a - b);
    const estimate = seen[Math.floor(seen.length / 2)]!;
    if (Math.abs(estimate - this.snapshot.estimate) >= 0.5) this.emit({ ...this.snapshot, estimate });
  }

  /** On scroll, resize, and the list's size changing: moves the window when the screen nears an edge of it. */
  update = () => {
    if (!this.list) return;
    const { top, height } = this.list.getBoundingClientRect();
    const screen = this.viewport.innerHeight;
    const clamp = (px: number) => Math.min(Math.max(px, 0), height);
    const around = (beyond: number): RowView => ({ top: clamp(-top - beyond * screen), bottom: clamp(screen - top + beyond * screen) });
    const { view } = this.snapshot;
    const least = around(MARGIN);
    const most = around(2 * OVERSCAN - MARGIN);
    if (view.top <= least.top && view.bottom >= least.bottom && view.top >= most.top && view.bottom <= most.bottom) return;
    this.emit({ ...this.snapshot, view: around(OVERSCAN) });
  };

  /** After each render: which rows have their neighbours rendered, so focusing them changes nothing. */
  rendered(keys: readonly string[], parts: readonly WindowPart[]) {
    const reachable = new Set<string>();
    for (const part of parts) {
      if (part.kind !== 'rows') continue;
      const from = part.start === 0 ? 0 : part.start + FOCUS_REACH;
      const to = part.end === keys.length ? keys.length : part.end - FOCUS_REACH;
      for (let index = from; index < to; index += 1) reachable.add(keys[index]!);
    }
    this.reachable = reachable;
  }

  /** The focus moved to a row (or out of the list): the list renders again only if its neighbours are missing. */
  focus(key: string | null) {
    this.focused = key;
    if (key !== null && !this.reachable.has(key)) this.emit({ ...this.snapshot });
  }

  /** The list's focusin and focusout handler: which row holds the focus, if any. */
  focusRow = (event: Pick<FocusEvent, 'type' | 'target' | 'relatedTarget'> & { currentTarget: Node }) => {
    const into = event.type === 'focus' || event.type === 'focusin' ? event.target : event.relatedTarget;
    const inList = into instanceof Element && event.currentTarget.contains(into);
    // The focus leaving for nowhere (another window) keeps its row: it comes back to it.
    if (!inList && into === null) return;
    this.focus(inList ? (into.closest<HTMLElement>('[data-row-key]')?.dataset.rowKey ?? null) : null);
  };

  private emit(snapshot: WindowSnapshot) {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}

const NO_SUBSCRIPTION = () => () => {};

/**
 * The window of a list of `keys` (`enabled` once it is long): the parts to render, and the refs and
 * focus handlers for its list and rows. `pinned` rows (open ones) stay rendered wherever they are.
 */
export function useRowWindow(enabled: boolean, keys: readonly string[], pinned: ReadonlySet<string>) {
  const [rowWindow] = useState(() => new RowWindow());
  const snapshot = useSyncExternalStore(enabled ? rowWindow.subscribe : NO_SUBSCRIPTION, rowWindow.getSnapshot, rowWindow.getSnapshot);
  let parts: WindowPart[];
  if (enabled) {
    const pins: PinnedRow[] = [];
    keys.forEach((key, index) => {
      if (key === rowWindow.focused) pins.push({ index, reach: FOCUS_REACH });
      else if (pinned.has(key)) pins.push({ index, reach: 0 });
    });
    parts = windowParts(
      keys.map((key) => rowWindow.heightOf(key)),
      snapshot.view,
      pins,
    );
  } else parts = [{ kind: 'rows', start: 0, end: keys.length, height: 0 }];

  useLayoutEffect(() => {
    if (enabled) rowWindow.rendered(keys, parts);
  });
  return { parts, listRef: rowWindow.setList, rowRef: rowWindow.measure, onFocusRow: rowWindow.focusRow };
}
