// My tasks shows a read (a new hire's device, or GET /api/my-tasks for staff), and a tick's write and
// the read after it come a moment after the click: without this, the controlled checkbox sprang back
// unticked until then. Each tick shows over the read from its click on, until its write has landed and
// a read holds it (or the write failed, or the server refused it: then the read's value shows again).
import { useCallback, useMemo, useState } from 'react';
import type { MyTask } from '../../../shared/onboarding.ts';

export type TickOverRead = { isCompleted: boolean; completedAt: string | null; written: boolean };
export type TicksOverRead = ReadonlyMap<string, TickOverRead>;

const NO_TICKS: TicksOverRead = new Map();

/** The read's tasks as they show with the ticks laid over them. */
export function laidOver(tasks: MyTask[], ticks: TicksOverRead): MyTask[] {
  if (ticks.size === 0) return tasks;
  return tasks.map((task) => {
    const tick = ticks.get(task.id);
    return tick && tick.isCompleted !== task.isCompleted ? { ...task, isCompleted: tick.isCompleted, completedAt: tick.completedAt } : task;
  });
}

/** The ticks a new read does not hold yet: a read from before a tick's write may match it by chance. */
export function notHeldBy(tasks: MyTask[], ticks: TicksOverRead): TicksOverRead {
  const held = new Set([...ticks].filter(([taskId, tick]) => tick.written && tasks.find((task) => task.id === taskId)?.isCompleted === tick.isCompleted).map(([taskId]) => taskId));
  return held.size === 0 ? ticks : without(ticks, (taskId) => held.has(taskId));
}

/** The read's tasks with the ticks in flight laid over them, and the calls that track a tick. */
export function useTicksOverRead(tasks: MyTask[] | undefined) {
  const [ticks, setTicks] = useState<TicksOverRead>(NO_TICKS);
  // Ticks that the read holds once written go, checked at each render: a read may come before the
  // write is known to have landed, and a tick kept past it would hide a later change from elsewhere.
  const current = tasks ? notHeldBy(tasks, ticks) : ticks;
  if (current !== ticks) setTicks(current);
  const shown = useMemo(() => tasks && laidOver(tasks, current), [tasks, current]);

  const ticked = useCallback((taskId: string, isCompleted: boolean, completedAt: string | null) => {
    setTicks((current) => new Map(current).set(taskId, { isCompleted, completedAt, written: false }));
  }, []);
  const written = useCallback((taskId: string, isCompleted: boolean) => {
    setTicks((current) => {
      const tick = current.get(taskId);
      return tick?.isCompleted === isCompleted ? new Map(current).set(taskId, { ...tick, written: true }) : current;
    });
  }, []);
  const undone = useCallback((taskId: string, isCompleted: boolean) => {
    setTicks((current) => (current.get(taskId)?.isCompleted === isCompleted ? without(current, (id) => id === taskId) : current));
  }, []);

  return { tasks: shown, ticked, written, undone };
}

function without(ticks: TicksOverRead, drop: (taskId: string) => boolean): TicksOverRead {
  return new Map([...ticks].filter(([taskId]) => !drop(taskId)));
}
