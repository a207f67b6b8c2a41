// Draws the PWA's icons, social card and store screenshots into public/icons/ by rendering SVG and
// HTML in Chromium (Playwright) and screenshotting them. Run after changing the artwork:
//   npx tsx scripts/make-icons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const BRAND = { from: '#6366f1', to: '#4338ca', spark: '#fde68a', ink: '#1e1b4b' };

/** The mark: a bold K with a spark, on the brand gradient. `inset` shrinks it into a maskable safe zone. */
function iconSvg({ rounded, inset = 1 }: { rounded: boolean; inset?: number }): string {
  const scale = inset;
  const offset = (512 * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${BRAND.from}"/><stop offset="1" stop-color="${BRAND.to}"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" rx="${rounded ? 112 : 0}" fill="url(#bg)"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <g fill="none" stroke="#fff" stroke-width="60" stroke-linecap="round" stroke-linejoin="round">
      <path d="M172 132v248"/>
      <path d="M340 140 206 262l142 118"/>
    </g>
    <path d="M388 84l14 34 34 14-34 14-14 34-14-34-34-14 34-14z" fill="${BRAND.spark}"/>
  </g>
</svg>`;
}

const favicon = iconSvg({ rounded: true });

function page(body: string, width: number, height: number): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  *{box-sizing:border-box;margin:0;padding:0}
  html,body{width:${width}px;height:${height}px;overflow:hidden;font-family:"DejaVu Sans","Liberation Sans",Arial,sans-serif;color:${BRAND.ink}}
  .card{background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(30,27,75,.12);padding:16px}
  .muted{color:#6b6b85}.badge{display:inline-block;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600}
  .ok{background:#dcfce7;color:#166534}.late{background:#fee2e2;color:#991b1b}.todo{background:#eef2ff;color:#3730a3}
  .check{width:20px;height:20px;border-radius:6px;border:2px solid ${BRAND.from};display:inline-flex;align-items:center;justify-content:center;flex:none}
  .check.on{background:${BRAND.from};color:#fff;font-size:14px}
  .row{display:flex;gap:12px;align-items:center;padding:10px 0;border-bottom:1px solid #eef0f6}
  .bar{height:8px;border-radius:99px;background:#e0e7ff;overflow:hidden}.bar>i{display:block;height:100%;background:${BRAND.from}}
</style></head><body>${body}</body></html>`;
}

const tasks: [string, string, 'ok' | 'late' | 'todo'][] = [
  ['Set up your laptop and accounts', 'Checklist · Due Jan 11', 'ok'],
  ['Meet your onboarding buddy', 'Introduction · Due Jan 11', 'ok'],
  ['Watch: how we ship', 'Resource · Due Jan 11', 'ok'],
  ['Read the engineering handbook', 'Resource · Due Jan 18', 'todo'],
  ['Team stand-up', 'Meeting · Due Jan 18', 'todo'],
  ['First code review', 'Checklist · Due Jan 25', 'todo'],
];

function taskRows(from: number, to: number): string {
  return tasks
    .slice(from, to)
    .map(
      ([title, meta, status]) => `<div class="row"><span class="check ${status === 'ok' ? 'on' : ''}">${status === 'ok' ? '✓' : ''}</span>
      <div style="flex:1;min-width:0"><div style="font-weight:600;font-size:15px;${status === 'ok' ? 'text-decoration:line-through;color:#8b8ba3' : ''}">${title}</div>
      <div class="muted" style="font-size:12px">${meta}</div></div>
      <span class="badge ${status}">${status === 'ok' ? 'Completed' : status === 'late' ? 'Overdue' : 'Pending'}</span></div>`,
    )
    .join('');
}

function header(compact: boolean): string {
  return `<div style="background:linear-gradient(135deg,${BRAND.from},${BRAND.to});color:#fff;border-radius:16px;padding:${compact ? 18 : 24}px;display:flex;align-items:center;gap:16px">
    <div style="flex:1"><div style="opacity:.85;font-size:13px">✦ Engineering onboarding</div>
    <div style="font-size:${compact ? 24 : 30}px;font-weight:700;margin:4px 0">Welcome, Kavya!</div>
    <div style="opacity:.9;font-size:14px">You are 50% through your onboarding.</div></div>
    <div style="width:${compact ? 78 : 92}px;height:${compact ? 78 : 92}px;border-radius:50%;background:conic-gradient(#fff 50%,rgba(255,255,255,.25) 0);display:flex;align-items:center;justify-content:center">
      <div style="width:78%;height:78%;border-radius:50%;background:${BRAND.to};display:flex;align-items:center;justify-content:center;font-weight:700;font-size:18px">50%</div></div></div>`;
}

function stats(columns: number): string {
  const items = [
    ['Overall Progress', '50%', '<div class="bar" style="margin-top:6px"><i style="width:50%"></i></div>'],
    ['Tasks Completed', '3/6', '<span class="muted" style="font-size:12px">3 to go</span>'],
    ['Current Phase', 'Day 8', '<span class="muted" style="font-size:12px">of 30 days</span>'],
    ['Manager', 'Nimal Fernando', '<span class="muted" style="font-size:12px">manager@lankalabs.lk</span>'],
  ];
  return `<div style="display:grid;grid-template-columns:repeat(${columns},1fr);gap:12px">${items
    .map(
      ([label, value, extra]) =>
        `<div class="card" style="padding:14px"><div class="muted" style="font-size:13px;font-weight:600">${label}</div><div style="font-size:${value!.length > 8 ? 17 : 24}px;font-weight:700;margin:4px 0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">${value}</div>${extra}</div>`,
    )
    .join('')}</div>`;
}

const topBar = (title: string) =>
  `<div style="display:flex;align-items:center;gap:10px;padding:12px 20px;background:#fff;border-bottom:1px solid #e5e7f0">
    <img src="data:image/svg+xml;base64,${Buffer.from(favicon).toString('base64')}" width="28" height="28"/>
    <b style="flex:1">${title}</b><span class="badge todo">Online</span></div>`;

const wideShot = page(
  `<div style="display:flex;height:100%;background:#f5f6fb">
    <div style="width:232px;background:#fff;padding:20px;border-right:1px solid #e5e7f0">
      <div style="display:flex;gap:8px;align-items:center;font-weight:700;font-size:20px;color:${BRAND.from}">✦ Kickoff</div>
      <div style="margin-top:24px;background:#eef2ff;border-radius:10px;padding:10px 12px;font-weight:600">Dashboard</div></div>
    <div style="flex:1;display:flex;flex-direction:column">${topBar('Lanka Labs')}
      <div style="padding:24px;display:flex;flex-direction:column;gap:16px">${header(false)}${stats(4)}
        <div style="display:grid;grid-template-columns:2fr 1fr;gap:16px">
          <div class="card"><b style="font-size:17px">Your Tasks</b><div style="display:flex;gap:6px;margin:10px 0">
            <span class="badge todo">Week 1 · 3/3</span><span class="badge" style="background:#f1f2f8">Week 2 · 0/3</span></div>${taskRows(0, 4)}</div>
          <div style="display:flex;flex-direction:column;gap:16px">
            <div class="card" style="background:#fffbeb;border:1px solid #fde68a"><b>🏆 Halfway There!</b><div class="muted" style="font-size:13px;margin-top:4px">Keep going!</div></div>
            <div class="card"><b>Need Help?</b><div class="muted" style="font-size:13px;margin:6px 0 10px">Nimal is one message away.</div>
              <div style="background:${BRAND.from};color:#fff;border-radius:10px;padding:10px;text-align:center;font-weight:600">Send Message</div></div></div></div></div></div></div>`,
  1280,
  720,
);

const narrowShot = page(
  `<div style="background:#f5f6fb;height:100%">${topBar('Lanka Labs')}
    <div style="padding:14px;display:flex;flex-direction:column;gap:12px">${header(true)}${stats(2)}
      <div class="card"><b style="font-size:17px">Today's Tasks</b>${taskRows(3, 6)}</div></div></div>`,
  390,
  844,
);

const ogImage = page(
  `<div style="width:100%;height:100%;background:linear-gradient(135deg,${BRAND.from},${BRAND.to});color:#fff;display:flex;align-items:center;gap:56px;padding:72px">
    <img src="data:image/svg+xml;base64,${Buffer.from(iconSvg({ rounded: true })).toString('base64')}" width="240" height="240" style="border-radius:52px;box-shadow:0 20px 60px rgba(0,0,0,.25)"/>
    <div><div style="font-size:84px;font-weight:800;letter-spacing:-2px">Kickoff</div>
    <div style="font-size:36px;opacity:.92;margin-top:8px;line-height:1.25">Team onboarding that runs itself,<br/>online or offline.</div></div></div>`,
  1200,
  630,
);

async function main() {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(`${outDir}favicon.svg`, favicon + '\n');
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const shoot = async (file: string, html: string, width: number, height: number, transparent = false) => {
      const tab = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
      await tab.setContent(html);
      await tab.screenshot({ path: `${outDir}${file}`, omitBackground: transparent });
      await tab.close();
      console.log(`wrote public/icons/${file} (${width}x${height})`);
    };
    const icon = (svg: string, size: number) =>
      page(`<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${size}" height="${size}" style="display:block"/>`, size, size);
    for (const size of [192, 512]) {
      await shoot(`icon-${size}.png`, icon(iconSvg({ rounded: true }), size), size, size, true);
      // Maskable: full bleed, the mark inside the 80% safe circle.
      await shoot(`icon-maskable-${size}.png`, icon(iconSvg({ rounded: false, inset: 0.72 }), size), size, size);
    }
    await shoot('apple-touch-icon.png', icon(iconSvg({ rounded: false, inset: 0.8 }), 180), 180, 180);
    await shoot('og-image.png', ogImage, 1200, 630);
    await shoot('screenshot-wide.png', wideShot, 1280, 720);
    await shoot('screenshot-narrow.png', narrowShot, 390, 844);
  } finally {
    await browser.close();
  }
}

await main();
