/**
 * A page's first Intl formatter of any kind costs 20-50 ms at full speed, and four times that on a
 * mid-range phone: the browser loads its locale data. The later ones cost under a millisecond. That
 * data is the renderer process's, shared by its threads, so a worker that makes a formatter first, while
 * the app's modules evaluate, pays it off the page's thread: the app's first formatter then costs
 * 0.3-0.7 ms (bench/README.md, seventeenth session). main.tsx imports this module first, so the worker
 * starts before the rest of the app's code runs.
 */
new Worker(new URL('./warm-intl.worker.ts', import.meta.url));
