// Runs in a worker started by app/lib/warm-intl.ts: making these loads the browser's locale data into
// the renderer process, which the page's own thread then finds there.
new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(0);
new Intl.NumberFormat().format(0);
close();
