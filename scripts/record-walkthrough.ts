// Records the landing page's walkthrough video from the real app: starts the e2e server (fresh
// database, demo seed), drives a short tour in Chromium with Playwright, screenshots it every ~200 ms
// and has ffmpeg assemble public/videos/walkthrough.webm (VP9, 1280x720), its poster (WebP) and
// captions (WebVTT, one cue per step). Run after a visible change to these screens:
//   npx vite build --outDir /tmp/dist-walkthrough --logLevel warn
//   STATIC_DIR=/tmp/dist-walkthrough npx tsx scripts/record-walkthrough.ts
// A dev tool only: it needs ffmpeg (`apt-get install -y ffmpeg`), which `npm start` and `npm test`
// do not. The outputs are committed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4371);
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? 'dist');
const BASE_URL = `http://127.0.0.1:${PORT}`;
const OUT_DIR = fileURLToPath(new URL('../public/videos/', import.meta.url));
const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Kickoff#2026';
const ADMIN = 'admin@demo.kickoff.local';
const NEW_HIRE = 'newhire@demo.kickoff.local';
const STAGE = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };
const FRAME_MS = 200;
const BRAND = { from: '#4f46e5', to: '#312e81', spark: '#fde68a' };

type Frame = { file: string; ms: number };
type Cue = { startMs: number; text: string };

/** The tour's timeline: frames with how long each is shown, and the caption of each step. */
class Film {
  readonly frames: Frame[] = [];
  readonly cues: Cue[] = [];
  private count = 0;
  /** While a stretch is being filmed: when it started, and the film's length then. */
  live: { startedAt: number; baseMs: number } | null = null;
  constructor(readonly dir: string) {}

  get lengthMs(): number {
    return this.frames.reduce((sum, frame) => sum + frame.ms, 0);
  }

  add(image: Buffer, ms: number): string {
    const file = join(this.dir, `frame-${String(++this.count).padStart(5, '0')}.jpg`);
    writeFileSync(file, image);
    this.frames.push({ file, ms });
    return file;
  }

  /** Starts a step's caption now (while filming, at the frame being taken). */
  caption(text: string) {
    const startMs = this.live ? this.live.baseMs + (Date.now() - this.live.startedAt) : this.lengthMs;
    this.cues.push({ startMs, text });
  }

  /** The frame on screen at `ms`. */
  frameAt(ms: number): Frame {
    let elapsed = 0;
    for (const frame of this.frames) {
      elapsed += frame.ms;
      if (elapsed > ms) return frame;
    }
    return this.frames.at(-1)!;
  }
}

/**
 * Screenshots `page` every ~200 ms while `work` runs, each frame shown for as long as it was on screen;
 * `frame` turns a screenshot into a 1280x720 one (the phone's goes into a handset on the stage).
 */
async function filmWhile<T>(film: Film, page: Page, work: () => Promise<void>, frame: (shot: Buffer, tag: T) => Promise<Buffer>, tag: () => T): Promise<void> {
  const shots: { image: Buffer; at: number; tag: T }[] = [];
  let done = false;
  const startedAt = Date.now();
  film.live = { startedAt, baseMs: film.lengthMs };
  const loop = (async () => {
    while (!done) {
      const started = Date.now();
      const current = tag();
      const image = await page.screenshot({ type: 'jpeg', quality: 92 }).catch(() => null);
      if (image) shots.push({ image, at: started, tag: current });
      await sleep(Math.max(0, FRAME_MS - (Date.now() - started)));
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await loop;
    film.live = null;
  }
  // Frames are shown for as long as they were on screen, so captions stay in step with them.
  const end = Date.now();
  for (const [index, shot] of shots.entries()) {
    const from = index === 0 ? startedAt : shot.at;
    const next = shots[index + 1]?.at ?? end;
    film.add(await frame(shot.image, shot.tag), next - from);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Moves the (drawn) pointer to the element over a few frames, then clicks it: viewers see what happens. */
async function clickLike(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
  await sleep(250);
  await target.click();
}

async function typeLike(target: Locator, text: string) {
  await target.click();
  await target.pressSequentially(text, { delay: 35 });
}

/** Screenshots hide the real pointer: draw one that follows the mouse, and a ripple on each click. */
const POINTER_SCRIPT = `
addEventListener('DOMContentLoaded', () => {
  const dot = document.createElement('div');
  dot.setAttribute('aria-hidden', 'true');
  dot.style.cssText = 'position:fixed;z-index:2147483647;pointer-events:none;width:22px;height:22px;margin:-11px 0 0 -11px;border-radius:50%;background:rgba(79,70,229,.35);border:2px solid rgba(255,255,255,.9);box-shadow:0 1px 6px rgba(0,0,0,.35);left:-50px;top:-50px;transition:transform .15s';
  document.body.appendChild(dot);
  addEventListener('mousemove', (e) => { dot.style.left = e.clientX + 'px'; dot.style.top = e.clientY + 'px'; }, true);
  addEventListener('mousedown', () => { dot.style.transform = 'scale(.7)'; }, true);
  addEventListener('mouseup', () => { dot.style.transform = 'scale(1)'; }, true);
});`;

/** Renders the stage pictures (title cards and the handset around the phone's screen) in Chromium. */
class Stage {
  private constructor(private readonly page: Page) {}

  static async open(browser: Browser): Promise<Stage> {
    const page = await browser.newPage({ viewport: STAGE });
    return new Stage(page);
  }

  private async render(body: string): Promise<Buffer> {
    await this.page.setContent(`<!doctype html><html><head><style>
      *{box-sizing:border-box;margin:0}
      body{width:${STAGE.width}px;height:${STAGE.height}px;overflow:hidden;font-family:'Inter','DejaVu Sans',system-ui,sans-serif;color:#fff;
        background:radial-gradient(circle at 85% 10%,rgba(253,230,138,.25),transparent 40%),linear-gradient(135deg,${BRAND.from},${BRAND.to})}
      .card{height:100%;display:flex;flex-direction:column;justify-content:center;padding:0 120px;gap:22px}
      .eyebrow{font-size:22px;letter-spacing:.18em;text-transform:uppercase;color:${BRAND.spark};font-weight:700}
      h1{font-size:64px;line-height:1.08;font-weight:800;max-width:980px}
      p{font-size:26px;line-height:1.45;max-width:900px;color:rgba(255,255,255,.85)}
      .phone-stage{height:100%;display:flex;align-items:center;gap:70px;padding:0 110px}
      .side{flex:1;display:flex;flex-direction:column;gap:18px}
      .side h2{font-size:44px;line-height:1.12;font-weight:800}
      .handset{flex:none;padding:12px;border-radius:46px;background:#0f0d2e;box-shadow:0 30px 60px rgba(0,0,0,.45),inset 0 0 0 2px rgba(255,255,255,.12)}
      .handset img{display:block;width:${Math.round((PHONE.width * 672) / PHONE.height)}px;height:672px;border-radius:34px}
    </style></head><body>${body}</body></html>`);
    await this.page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
    return this.page.screenshot({ type: 'jpeg', quality: 92 });
  }

  card(eyebrow: string, title: string, text: string): Promise<Buffer> {
    return this.render(`<div class="card"><div class="eyebrow">${eyebrow}</div><h1>${title}</h1><p>${text}</p></div>`);
  }

  phone(shot: Buffer, eyebrow: string, title: string, text: string): Promise<Buffer> {
    return this.render(
      `<div class="phone-stage"><div class="side"><div class="eyebrow">${eyebrow}</div><h2>${title}</h2><p>${text}</p></div>` +
        `<div class="handset"><img alt="" src="data:image/jpeg;base64,${shot.toString('base64')}"></div></div>`,
    );
  }
}

async function startServer(): Promise<() => void> {
  if (!existsSync(join(STATIC_DIR, 'index.html'))) throw new Error(`No built app in ${STATIC_DIR}: build it first (see the header of this script).`);
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: { ...process.env, STATIC_DIR, E2E_PORT: String(PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const up = await fetch(`${BASE_URL}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return () => void server.kill('SIGTERM');
    await sleep(500);
  }
  server.kill('SIGTERM');
  throw new Error(`The server did not start on port ${PORT}.`);
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await typeLike(page.getByLabel('Email'), email);
  await typeLike(page.getByLabel('Password', { exact: true }), PASSWORD);
  await clickLike(page, page.getByRole('button', { name: 'Sign in' }));
}

/** The demo company is on Starter with both new-hire places taken: finish Dilan's plan so the invite fits. */
async function freeANewHirePlace(page: Page) {
  const plans = (await (await page.request.get('/api/onboarding-plans')).json()) as
    { id: string; newHire: { email: string } }[] | { plans: { id: string; newHire: { email: string } }[] };
  const dilan = (Array.isArray(plans) ? plans : plans.plans).find((plan) => plan.newHire.email === 'newhire2@demo.kickoff.local');
  if (!dilan) return;
  const details = (await (await page.request.get(`/api/onboarding-plans/${dilan.id}/details`)).json()) as { tasks: { id: string; isCompleted: boolean }[] };
  for (const task of details.tasks.filter((candidate) => !candidate.isCompleted)) {
    await page.request.patch(`/api/onboarding-tasks/${task.id}`, { data: { isCompleted: true } });
  }
}

async function adminTour(browser: Browser, film: Film) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: STAGE, colorScheme: 'light', reducedMotion: 'no-preference' });
  await context.addInitScript(POINTER_SCRIPT);
  const page = await context.newPage();

  await page.goto('/login');
  await page.getByLabel('Email').waitFor();
  await filmWhile(
    film,
    page,
    async () => {
      film.caption('The admin signs in.');
      await signIn(page, ADMIN);
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      await freeANewHirePlace(page);
      await page.reload();
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
      film.caption('The admin dashboard: every plan, its progress, and who is behind.');
      await sleep(3200);
      await page.mouse.wheel(0, 420);
      await sleep(2000);

      film.caption('Templates hold the onboarding: sections by day, and tasks of four kinds.');
      await page.goto('/templates');
      const edit = page.getByRole('link', { name: /Edit/ }).first();
      await edit.waitFor();
      await sleep(900);
      await clickLike(page, edit);
      await page.getByRole('heading', { name: 'Edit Template' }).waitFor();
      await sleep(2200);
      for (let i = 0; i < 3; i += 1) {
        await page.mouse.wheel(0, 300);
        await sleep(900);
      }
      await sleep(800);

      film.caption('Invite a new hire and assign a plan from a template.');
      await page.goto('/invite');
      await page.getByRole('heading', { name: 'Invite Team Member' }).waitFor();
      await sleep(700);
      await typeLike(page.getByLabel('Email address'), 'sam.perera@lankalabs.example');
      await page.getByLabel('Role').selectOption('new_hire');
      await sleep(300);
      await page.getByLabel('Manager (optional)').selectOption({ label: 'Nimal Fernando' });
      await sleep(600);
      await clickLike(page, page.getByRole('button', { name: 'Send Invitation' }));
      await page.getByRole('heading', { name: 'Assign Onboarding' }).waitFor();
      await sleep(1200);
      await page.getByLabel('Onboarding template').selectOption({ label: 'Engineering Onboarding (90 days)' });
      await sleep(800);
      await clickLike(page, page.getByRole('button', { name: 'Assign Plan' }));
      await page.getByText('Onboarding plan assigned successfully!').first().waitFor();
      await sleep(2600);
    },
    async (shot) => shot,
    () => null,
  );
  await context.close();
}

async function newHireTour(browser: Browser, film: Film, stage: Stage) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: false,
    colorScheme: 'light',
  });
  await context.addInitScript(POINTER_SCRIPT);
  const page = await context.newPage();
  let side = { eyebrow: 'New hire', title: 'Their plan, on their phone', text: 'Kavya signs in on the first morning.' };
  const step = (caption: string, title: string, text: string) => {
    film.caption(caption);
    side = { eyebrow: 'New hire', title, text };
  };

  await page.goto('/login');
  await page.getByLabel('Email').waitFor();
  await filmWhile(
    film,
    page,
    async () => {
      step('The new hire signs in on their phone.', 'Their plan, on their phone', 'Kavya signs in on her first morning.');
      await signIn(page, NEW_HIRE);
      await page.getByRole('heading', { name: /Welcome, Kavya/ }).waitFor();
      step('Progress, today’s tasks and the phases of the plan.', 'Where they are, at a glance', 'Progress, today’s tasks and each phase of the plan. It works offline too.');
      await sleep(2600);
      await page.mouse.wheel(0, 500);
      await sleep(1400);

      step('Ticking a task saves it at once, even offline.', 'Tick a task', 'Saved on the device at once, synced when the network allows.');
      const box = page.getByRole('tabpanel').getByRole('checkbox', { checked: false }).first();
      await box.scrollIntoViewIfNeeded();
      await sleep(800);
      await clickLike(page, box);
      await sleep(2400);

      step('Questions go to their manager in Messages.', 'Ask their manager', 'A conversation per plan, with the manager who runs it.');
      await page.mouse.wheel(0, -2000);
      await sleep(500);
      await clickLike(page, page.getByRole('button', { name: /^Messages/ }));
      const dialog = page.getByRole('dialog', { name: 'Messages' });
      await dialog.waitFor();
      await sleep(1500);
      const input = dialog.getByRole('textbox', { name: 'Message' });
      await typeLike(input, 'Laptop is set up. Where do I find the architecture docs?');
      await sleep(400);
      await input.press('Enter');
      await sleep(2800);
    },
    (shot, at) => stage.phone(shot, at.eyebrow, at.title, at.text),
    () => side,
  );
  await context.close();
}

function toTimestamp(ms: number): string {
  const date = new Date(Math.round(ms));
  return date.toISOString().slice(11, 23);
}

function webVtt(film: Film): string {
  const cues = film.cues.map((cue, index) => {
    const end = film.cues[index + 1]?.startMs ?? film.lengthMs;
    return `${index + 1}\n${toTimestamp(cue.startMs)} --> ${toTimestamp(end)}\n${cue.text}\n`;
  });
  return `WEBVTT\n\n${cues.join('\n')}`;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} exited with ${code}`))));
  });
}

async function encode(film: Film, posterFrame: string) {
  // The concat demuxer shows each frame for its own duration; the last is listed twice (ffmpeg's rule).
  const list = join(film.dir, 'frames.txt');
  const last = film.frames.at(-1)!;
  writeFileSync(list, [...film.frames.map((frame) => `file '${frame.file}'\nduration ${(frame.ms / 1000).toFixed(3)}`), `file '${last.file}'`].join('\n'));
  mkdirSync(OUT_DIR, { recursive: true });
  const video = join(OUT_DIR, 'walkthrough.webm');
  const common = [
    '-y',
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-vf',
    'fps=15,format=yuv420p',
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '450k',
    '-deadline',
    'good',
    '-cpu-used',
    '2',
    '-row-mt',
    '1',
    '-an',
  ];
  const passlog = join(film.dir, 'vp9');
  await run('ffmpeg', [...common, '-pass', '1', '-passlogfile', passlog, '-f', 'webm', '/dev/null']);
  await run('ffmpeg', [...common, '-pass', '2', '-passlogfile', passlog, video]);
  await run('ffmpeg', ['-y', '-hide_banner', '-loglevel', 'error', '-i', posterFrame, '-c:v', 'libwebp', '-quality', '82', join(OUT_DIR, 'walkthrough-poster.webp')]);
  writeFileSync(join(OUT_DIR, 'walkthrough.vtt'), webVtt(film));
  return video;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'kickoff-walkthrough-'));
  const stopServer = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--hide-scrollbars'] });
  try {
    const film = new Film(work);
    const stage = await Stage.open(browser);

    film.caption('Kickoff: onboarding plans that new hires can work through anywhere.');
    film.add(
      await stage.card('Kickoff walkthrough', 'From a template to a new hire’s first week', 'Recorded from the app itself: the admin’s side, then the new hire’s phone.'),
      3000,
    );
    await adminTour(browser, film);
    // The poster: the admin dashboard, two seconds into its step.
    const dashboard = film.cues.find((cue) => cue.text.startsWith('The admin dashboard'));
    const posterFrame = film.frameAt((dashboard?.startMs ?? 0) + 2000).file;
    await newHireTour(browser, film, stage);
    film.caption('Kickoff. Start free on the Starter plan.');
    film.add(await stage.card('Kickoff', 'Every new hire, on track from day one', 'Templates, plans, messages and progress, online or off.'), 3000);

    const video = await encode(film, posterFrame);
    const seconds = (film.lengthMs / 1000).toFixed(1);
    const kib = (statSync(video).size / 1024).toFixed(0);
    console.log(`Wrote ${video}: ${seconds} s, ${kib} KiB, ${film.frames.length} frames, ${film.cues.length} captions.`);
  } finally {
    await browser.close();
    stopServer();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
