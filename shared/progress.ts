// Progress as every screen and the API state it: a whole percent, 0 when there is nothing to do.

/** Whole percent of part in total; 0 when total is 0. */
export function percent(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

export type Progress = { progressPercentage: number; completedTasks: number; totalTasks: number };

/** A plan's progress from its task counts (the API counts them in SQL). */
export function progressFromCounts(completedTasks: number, totalTasks: number): Progress {
  return { totalTasks, completedTasks, progressPercentage: percent(completedTasks, totalTasks) };
}

/** A plan's progress from its tasks (a new hire's device computes it from what Dexie holds). */
export function progressOf(tasks: ReadonlyArray<{ isCompleted: boolean }>): Progress {
  return progressFromCounts(tasks.filter((task) => task.isCompleted).length, tasks.length);
}
