// @vitest-environment node
// A long task list's window (use-row-window.ts): which rows render as the page scrolls, what the
// spacers hold, and when the list renders again (only when the rows to render change).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_REACH, RowWindow, windowParts, type WindowPart } from './use-row-window.ts';

const rows = (count: number, height = 60) => Array.from({ length: count }, () => height);
const brief = (parts: WindowPart[]) => parts.map((part) => (part.kind === 'rows' ? `rows ${part.start}-${part.end}` : `gap ${part.start}-${part.end} ${part.height}px`));

describe('the rows to render', () => {
  it('are those overlapping the view, with spacers of the rows left out either side', () => {
    expect(brief(windowParts(rows(100), { top: 600, bottom: 1200 }, []))).toEqual(['gap 0-10 600px', 'rows 10-20', 'gap 20-100 4800px']);
    // A row partly in view counts; measured heights make up the spacers.
    const heights = [...rows(10), 200, ...rows(89)];
    expect(brief(windowParts(heights, { top: 610, bottom: 700 }, []))).toEqual(['gap 0-10 600px', 'rows 10-11', 'gap 11-100 5340px']);
  });

  it('are none when the list is off screen, one spacer holding the whole list', () => {
    expect(brief(windowParts(rows(100), { top: 0, bottom: 0 }, []))).toEqual(['gap 0-100 6000px']);
    expect(brief(windowParts(rows(100), { top: 6000, bottom: 6000 }, []))).toEqual(['gap 0-100 6000px']);
  });

  it('keep the focused row and its neighbours, and open rows, wherever the view is', () => {
    const focused = { index: 70, reach: FOCUS_REACH };
    expect(brief(windowParts(rows(100), { top: 0, bottom: 600 }, [focused]))).toEqual(['rows 0-10', 'gap 10-67 3420px', 'rows 67-74', 'gap 74-100 1560px']);
    // Next to the view, one run; at the list's end, cut there.
    expect(brief(windowParts(rows(100), { top: 0, bottom: 600 }, [{ index: 11, reach: 3 }]))).toEqual(['rows 0-15', 'gap 15-100 5100px']);
    expect(
      brief(
        windowParts(rows(100), { top: 0, bottom: 600 }, [
          { index: 99, reach: 3 },
          { index: 50, reach: 0 },
        ]),
      ),
    ).toEqual(['rows 0-10', 'gap 10-50 2400px', 'rows 50-51', 'gap 51-96 2700px', 'rows 96-100']);
  });
});

/** The browser's ResizeObserver, delivering what a test says was laid out. */
class FakeResizeObserver {
  static last: FakeResizeObserver | null = null;
  readonly observed = new Set<object>();
  constructor(private readonly callback: (entries: { target: object; borderBoxSize: { blockSize: number }[] }[]) => void) {
    FakeResizeObserver.last = this;
  }
  observe(target: object) {
    this.observed.add(target);
  }
  unobserve(target: object) {
    this.observed.delete(target);
  }
  deliver(sizes: [target: object, height: number][]) {
    this.callback(sizes.map(([target, blockSize]) => ({ target, borderBoxSize: [{ blockSize }] })));
  }
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return () => vi.unstubAllGlobals();
});

/** A page of `screen` px and a list whose top is `top` px from the screen's top. */
function page(screen: number) {
  const target = new EventTarget();
  const viewport = Object.assign(target, { innerHeight: screen });
  const list = { top: 0, height: 6000 };
  const element = { getBoundingClientRect: () => ({ top: list.top, height: list.height }) as DOMRect };
  const rowWindow = new RowWindow(viewport as unknown as Window);
  let renders = 0;
  rowWindow.subscribe(() => (renders += 1));
  rowWindow.setList(element as unknown as HTMLElement);
  const scrollTo = (listTop: number) => {
    list.top = listTop;
    target.dispatchEvent(new Event('scroll'));
  };
  return { rowWindow, list, element, scrollTo, renders: () => renders };
}

describe('a list window', () => {
  it('moves with the scroll only once the screen nears its edge, rendering half a screen beyond each', () => {
    const { rowWindow, scrollTo, renders } = page(1000);
    scrollTo(0);
    expect(rowWindow.getSnapshot().view).toEqual({ top: 0, bottom: 1500 });
    expect(renders()).toBe(0);
    // 200 px down: still 300 px rendered below the screen.
    scrollTo(-200);
    expect(renders()).toBe(0);
    scrollTo(-400);
    expect(renders()).toBe(1);
    expect(rowWindow.getSnapshot().view).toEqual({ top: 0, bottom: 1900 });
    scrollTo(-3000);
    expect(rowWindow.getSnapshot().view).toEqual({ top: 2500, bottom: 4500 });
  });

  it('renders nothing again while the list stays far off screen', () => {
    const { rowWindow, scrollTo, renders } = page(1000);
    scrollTo(5000);
    expect(rowWindow.getSnapshot().view).toEqual({ top: 0, bottom: 0 });
    const after = renders();
    scrollTo(4000);
    scrollTo(3000);
    expect(renders()).toBe(after);
  });

  it('moves when the list changes size (a row left it), measuring its rows as they come and go', () => {
    const { rowWindow, list, element, scrollTo, renders } = page(1000);
    scrollTo(-2000);
    expect(rowWindow.getSnapshot().view).toEqual({ top: 1500, bottom: 3500 });
    const row = { dataset: { rowKey: 'task-40' } } as unknown as HTMLElement;
    const removed = rowWindow.measure(row);
    const observer = FakeResizeObserver.last!;
    expect(observer.observed).toEqual(new Set([element, row]));
    // The list shrank to 2,400 px: its end is now on screen.
    list.height = 2400;
    const before = renders();
    observer.deliver([
      [element, 2400],
      [row, 72],
    ]);
    // Once for the estimate (the first row measured), once for the view.
    expect(renders()).toBe(before + 2);
    expect(rowWindow.getSnapshot()).toEqual({ view: { top: 1500, bottom: 2400 }, estimate: 72 });
    expect(rowWindow.heightOf('task-40')).toBe(72);
    removed?.();
    expect(observer.observed).toEqual(new Set([element]));
  });

  it('takes the first measured rows as the height of those never rendered, and keeps each measured row', () => {
    const { rowWindow, renders } = page(1000);
    expect(rowWindow.heightOf('a')).toBe(64);
    rowWindow.measured([
      ['a', 58],
      ['b', 60],
      ['c', 120],
    ]);
    expect(renders()).toBe(1);
    expect([rowWindow.heightOf('a'), rowWindow.heightOf('c'), rowWindow.heightOf('never')]).toEqual([58, 120, 60]);
    // Later sizes change the rows' own heights, not the estimate, and render nothing.
    rowWindow.measured([['d', 300]]);
    expect([rowWindow.heightOf('d'), rowWindow.heightOf('never'), renders()]).toEqual([300, 60, 1]);
  });

  it('renders again for a focused row only when its neighbours are not rendered', () => {
    const { rowWindow, renders } = page(1000);
    const keys = Array.from({ length: 100 }, (_, index) => `task-${index}`);
    rowWindow.rendered(keys, [
      { kind: 'rows', start: 0, end: 20, height: 0 },
      { kind: 'gap', start: 20, end: 100, height: 4800 },
    ]);
    rowWindow.focus('task-5');
    expect(renders()).toBe(0);
    rowWindow.focus('task-18');
    expect(renders()).toBe(1);
    expect(rowWindow.focused).toBe('task-18');
  });
});
