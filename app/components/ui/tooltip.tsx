// A small tooltip with the spec's timings (section 9): opens 700 ms after the pointer rests, at once
// when another tooltip closed less than 300 ms ago, and at once for keyboard focus. Escape closes it.
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Shared by every tooltip: moving from one trigger to the next skips the open delay. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

type Side = 'top' | 'bottom' | 'left' | 'right';

const SIDE_CLASSES: Record<Side, string> = {
  top: 'bottom-full left-1/2 mb-2 -translate-x-1/2',
  bottom: 'top-full left-1/2 mt-2 -translate-x-1/2',
  left: 'right-full top-1/2 mr-2 -translate-y-1/2',
  right: 'left-full top-1/2 ml-2 -translate-y-1/2',
};

type TriggerProps = { 'aria-describedby'?: string };

export function Tooltip({ content, children, side = 'top', className = '' }: { content: ReactNode; children: ReactElement<TriggerProps>; side?: Side; className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Escape closes an open tooltip wherever focus is, so one shown by hovering can be dismissed too
  // (WCAG 1.4.13, content on hover or focus: dismissible without moving the pointer or focus).
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      lastClosedAt = performance.now();
      setOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  const show = (immediately: boolean) => {
    clearTimeout(timer.current);
    if (immediately || performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_OPEN_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = performance.now();
      return false;
    });
  };

  return (
    <span
      className={`relative inline-flex ${className}`}
      onPointerEnter={(event) => event.pointerType === 'mouse' && show(false)}
      onPointerLeave={hide}
      onFocus={(event) => event.target.matches(':focus-visible') && show(true)}
      onBlur={hide}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : children.props['aria-describedby'] })}
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className={`pointer-events-none absolute z-50 w-max max-w-60 rounded-field bg-neutral px-2.5 py-1.5 text-xs font-medium text-neutral-content shadow-lg ${SIDE_CLASSES[side]}`}
      >
        {content}
      </span>
    </span>
  );
}
