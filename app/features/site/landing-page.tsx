// The signed-out home page (spec section 2): hero, product facts, walkthrough, features, pricing,
// illustrative testimonials, closing call to action. No Dexie, no dashboard code: it must stay light.
import {
  ArrowRight,
  BarChart3,
  CalendarCheck,
  Check,
  CircleCheck,
  LayoutTemplate,
  ListChecks,
  MailPlus,
  MessagesSquare,
  Quote,
  ShieldCheck,
  Users,
  WifiOff,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { PLAN_CATALOGUE, YEARLY_DISCOUNT_PERCENT } from '../../../shared/catalogue.ts';
import { Island } from './island.tsx';
import { PricingSection } from './pricing-section.tsx';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader } from './public-header.tsx';
import { useDocumentMeta, type DocumentMeta } from './use-document-meta.ts';
import { WalkthroughVideo } from './walkthrough-video.tsx';
import { SiteLink } from './site-link.tsx';

const freeHires = PLAN_CATALOGUE.starter.limits.activeNewHires;

/** DESIGN.md section 8: facts about the product, not unmeasured claims. */
const PRODUCT_FACTS = [
  { value: '4', label: 'task types', detail: 'Checklist, resource, introduction, meeting' },
  { value: 'Offline', label: 'works without signal', detail: 'New hires keep going on the train' },
  { value: `${freeHires} hires`, label: 'free forever', detail: `Free for up to ${freeHires} new hires` },
  { value: '3', label: 'roles', detail: 'HR admin, manager and new hire' },
];

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: LayoutTemplate,
    title: 'Templates you build once',
    text: 'Lay out sections by day and fill them with tasks. Every new hire in that role gets the same well-paced plan.',
  },
  {
    icon: MailPlus,
    title: 'Invitations that assign the plan',
    text: 'Invite a new hire by email and pick their template. They set a password and land straight in their first week.',
  },
  {
    icon: ListChecks,
    title: 'Four kinds of task',
    text: 'Checklists, reading resources, introductions to teammates and meetings, each with its own due date in the plan.',
  },
  {
    icon: BarChart3,
    title: 'Progress at a glance',
    text: 'See who is on track and who is stuck. Success rate, average progress and your most used templates, per team.',
  },
  {
    icon: MessagesSquare,
    title: 'Messages with their manager',
    text: 'Each plan has its own conversation, so questions and answers sit right next to the work they are about.',
  },
  {
    icon: WifiOff,
    title: 'An app that works offline',
    text: 'New hires install Kickoff on their phone and tick tasks with no connection. Everything syncs when they are back.',
  },
];

/** Illustrative, by role: not reviews from named customers (DESIGN.md section 8). */
const TESTIMONIALS = [
  {
    quote: 'I used to copy the same welcome checklist into a new document for every hire. Now I pick a template, send the invitation, and the first week is planned.',
    role: 'HR Admin',
    context: 'a 40-person remote team',
  },
  {
    quote: 'I can see which of my three new starters are behind before our one-to-ones, and their questions arrive in the plan instead of scattered across chat.',
    role: 'Engineering Manager',
    context: 'a product team that hires every quarter',
  },
  {
    quote: 'On my first day I knew exactly what to do next. I finished half of my reading on the commute, with no signal, and it all synced when I got in.',
    role: 'New Hire',
    context: 'customer support, first week',
  },
];

function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-widest text-primary uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg text-pretty text-base-content/70">{children}</p>}
    </div>
  );
}

/** A small, theme-aware picture of a new hire's plan, drawn in HTML so it is crisp and needs no download. */
function PlanPreview() {
  const tasks = [
    { title: 'Set up your laptop and accounts', type: 'Checklist', done: true },
    { title: 'Read the team handbook', type: 'Resource', done: true },
    { title: 'Meet your onboarding buddy', type: 'Introduction', done: false },
    { title: 'First sprint planning', type: 'Meeting', done: false },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-tr from-primary/25 via-secondary/15 to-accent/25 blur-2xl" />
      <div className="rounded-box border border-base-300 bg-base-100 p-5 shadow-2xl shadow-primary/10 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <div>
            <p className="text-xs font-semibold tracking-wider text-primary uppercase">Week 1 · Day 4</p>
            <p className="mt-1 text-lg font-bold">Welcome aboard, Sam</p>
          </div>
          <div className="radial-progress bg-primary/10 text-primary" style={{ '--value': 62, '--size': '4rem', '--thickness': '0.45rem' } as CSSProperties}>
            <span className="text-sm font-bold text-base-content">62%</span>
          </div>
        </div>
        <ul className="mt-5 space-y-2.5">
          {tasks.map((task) => (
            <li key={task.title} className="flex items-center gap-3 rounded-field border border-base-300 bg-base-200/50 px-3 py-2.5">
              {task.done ? <CircleCheck className="size-5 shrink-0 text-success" /> : <span className="size-5 shrink-0 rounded-full border-2 border-base-300" />}
              <span className={`min-w-0 flex-1 truncate text-sm ${task.done ? 'text-base-content/70 line-through' : 'font-medium'}`}>{task.title}</span>
              <span className="badge badge-ghost badge-sm hidden sm:inline-flex">{task.type}</span>
            </li>
          ))}
        </ul>
        <div className="mt-5 flex items-start gap-3 rounded-field bg-primary/10 p-3">
          <span className="grid size-8 shrink-0 place-items-center rounded-full bg-primary text-xs font-bold text-primary-content">AR</span>
          <div className="text-sm">
            <p className="font-semibold">Your manager</p>
            <p className="text-base-content/75">Great first week so far! Grab me after stand-up for the release checklist.</p>
          </div>
        </div>
      </div>
      <div className="absolute -bottom-5 -left-3 hidden items-center gap-2 rounded-full border border-base-300 bg-base-100 px-4 py-2 text-sm font-medium shadow-lg sm:flex">
        <WifiOff className="size-4 text-accent" /> Saved offline, syncs later
      </div>
    </div>
  );
}

export const LANDING_META: DocumentMeta = {
  title: 'Kickoff — team onboarding that runs itself',
  description: 'Build onboarding templates, invite new hires, track their progress and message them, in an app that works offline. Free for up to 2 new hires.',
};

export function LandingPage() {
  useDocumentMeta(LANDING_META);
  // Arriving at /#pricing from another screen of the app: the section only exists once this screen renders.
  // (The prerendered page is HTML from the start: there the browser scrolls to it.)
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  return (
    <div className="min-h-screen bg-base-100 text-base-content">
      <a href="#main" className="btn btn-primary btn-sm fixed top-2 left-2 z-50 -translate-y-20 focus:translate-y-0">
        Skip to content
      </a>
      <PublicHeader onLanding />
      <main id="main">
        {/* Hero */}
        <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
          <div className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_70%_-10%,color-mix(in_oklab,var(--color-primary)_18%,transparent),transparent),radial-gradient(40rem_24rem_at_0%_100%,color-mix(in_oklab,var(--color-accent)_14%,transparent),transparent)]" />
          <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:pt-24 lg:pb-28">
            <div className="text-center lg:text-left">
              <p className="inline-flex items-center gap-1.5 rounded-full border border-primary/25 bg-primary/5 px-3.5 py-1.5 text-sm font-medium text-primary">
                <Users className="size-3.5" aria-hidden="true" /> For remote-first and growing teams
              </p>
              <h1 id="hero-title" className="mt-6 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
                Every new hire gets a <span className="bg-gradient-to-r from-primary to-secondary bg-clip-text text-transparent">first week that runs itself</span>
              </h1>
              <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-pretty text-base-content/75 lg:mx-0">
                Kickoff turns your onboarding into a plan: templates, invitations, tasks with due dates and messages with their manager, in one app that keeps working offline.
              </p>
              <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
                <SiteLink to="/signup" className="btn btn-primary btn-lg w-full shadow-lg shadow-primary/30 sm:w-auto">
                  Get started for free <ArrowRight className="size-5" aria-hidden="true" />
                </SiteLink>
                <a href="#walkthrough" className="btn btn-ghost btn-lg w-full sm:w-auto">
                  Watch the walkthrough
                </a>
              </div>
              <ul className="mt-6 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-base-content/70 lg:justify-start">
                <li className="flex items-center gap-1.5">
                  <Check className="size-4 text-success" aria-hidden="true" /> Free for up to {freeHires} new hires
                </li>
                <li className="flex items-center gap-1.5">
                  <Check className="size-4 text-success" aria-hidden="true" /> No card needed
                </li>
              </ul>
            </div>
            <PlanPreview />
          </div>
        </section>

        {/* Product facts */}
        <section aria-label="Kickoff in numbers" className="border-y border-base-300 bg-base-200/60">
          <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-px px-4 sm:px-6 md:grid-cols-4">
            {PRODUCT_FACTS.map((fact) => (
              <div key={fact.label} className="flex flex-col items-center px-2 py-6 text-center sm:py-8">
                <dt className="order-2 mt-1 text-sm font-medium text-base-content/80">{fact.label}</dt>
                <dd className="order-1 text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">{fact.value}</dd>
                <dd className="order-3 mt-1 hidden text-xs text-base-content/70 sm:block">{fact.detail}</dd>
              </div>
            ))}
          </dl>
        </section>

        {/* Walkthrough */}
        <section id="walkthrough" aria-labelledby="walkthrough-title" className="scroll-mt-20 px-4 py-20 sm:px-6 lg:py-28">
          <SectionHeading id="walkthrough-title" eyebrow="Walkthrough" title="From template to a new hire's first day">
            Watch an admin build a template, invite a new hire and follow their progress, and see the plan on the new hire's phone.
          </SectionHeading>
          <div className="mx-auto max-w-4xl">
            <Island name="walkthrough-video">
              <WalkthroughVideo />
            </Island>
          </div>
        </section>

        {/* Features */}
        <section id="features" aria-labelledby="features-title" className="scroll-mt-20 bg-base-200/60 px-4 py-20 sm:px-6 lg:py-28">
          <SectionHeading id="features-title" eyebrow="Features" title="Everything onboarding needs, nothing it does not">
            One place for the plan, the people and the conversation, from the offer letter to the end of month one.
          </SectionHeading>
          <ul className="mx-auto grid max-w-6xl gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="card border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
                <div className="card-body gap-3 p-6">
                  <span className="grid size-11 place-items-center rounded-field bg-primary/10 text-primary">
                    <feature.icon className="size-5.5" aria-hidden="true" />
                  </span>
                  <h3 className="card-title text-lg">{feature.title}</h3>
                  <p className="leading-relaxed text-base-content/70">{feature.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        {/* Pricing */}
        <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 px-4 py-20 sm:px-6 lg:py-28">
          <SectionHeading id="pricing-title" eyebrow="Pricing" title="Start free, upgrade when your team grows">
            {PLAN_CATALOGUE.starter.description}. Pay yearly and save {YEARLY_DISCOUNT_PERCENT}%.
          </SectionHeading>
          <div className="mx-auto max-w-6xl">
            <Island name="pricing">
              <PricingSection />
            </Island>
          </div>
        </section>

        {/* Testimonials */}
        <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 bg-base-200/60 px-4 py-20 sm:px-6 lg:py-28">
          <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="What onboarding feels like with Kickoff">
            Illustrative stories of how each role uses Kickoff, written by our team. They are not reviews from named customers.
          </SectionHeading>
          <ul className="mx-auto grid max-w-6xl gap-5 md:grid-cols-3">
            {TESTIMONIALS.map((story) => (
              <li key={story.role}>
                <figure className="card h-full border border-base-300 bg-base-100 shadow-sm">
                  <div className="card-body gap-4 p-7">
                    <Quote className="size-7 text-primary/40" aria-hidden="true" />
                    <blockquote className="flex-1 leading-relaxed text-base-content/85">{story.quote}</blockquote>
                    <figcaption className="border-t border-base-300 pt-4 text-sm">
                      <span className="font-semibold">{story.role}</span>
                      <span className="text-base-content/70">, {story.context}</span>
                      <span className="badge badge-ghost badge-sm ml-2 align-middle">Illustrative</span>
                    </figcaption>
                  </div>
                </figure>
              </li>
            ))}
          </ul>
        </section>

        {/* Closing call to action */}
        <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6 lg:py-28">
          <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-[2rem] bg-primary px-6 py-14 text-center text-primary-content shadow-2xl shadow-primary/25 sm:px-12 sm:py-20">
            <div className="absolute inset-0 -z-10 bg-[radial-gradient(30rem_20rem_at_100%_0%,color-mix(in_oklab,var(--color-secondary)_55%,transparent),transparent),radial-gradient(26rem_18rem_at_0%_100%,color-mix(in_oklab,var(--color-accent)_35%,transparent),transparent)]" />
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Make the next first day the best one yet
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg opacity-90">Set up your first template in minutes. Free for up to {freeHires} new hires, no card needed.</p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <SiteLink to="/signup" className="btn btn-lg w-full border-0 bg-base-100 text-base-content shadow-lg hover:bg-base-200 sm:w-auto">
                Get started for free <ArrowRight className="size-5" aria-hidden="true" />
              </SiteLink>
              <SiteLink to="/login" className="btn btn-lg btn-ghost w-full text-primary-content hover:bg-white/10 sm:w-auto">
                Sign in
              </SiteLink>
            </div>
            <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm opacity-90">
              <li className="flex items-center gap-1.5">
                <ShieldCheck className="size-4" aria-hidden="true" /> Secure payments with PayHere
              </li>
              <li className="flex items-center gap-1.5">
                <CalendarCheck className="size-4" aria-hidden="true" /> Cancel anytime
              </li>
            </ul>
          </div>
        </section>
      </main>
      <PublicFooter onLanding />
    </div>
  );
}
