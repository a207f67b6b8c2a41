// One layout for the three legal pages: title, date, table of contents, numbered sections.
import { ArrowLeft, CalendarDays } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { LEGAL_LAST_UPDATED } from '../../../shared/site.ts';
import type { LegalBlock, LegalDocument } from './legal-texts.ts';
import { PRIVACY_POLICY, REFUND_POLICY, TERMS_OF_SERVICE } from './legal-texts.ts';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader } from './public-header.tsx';
import { useDocumentMeta, type DocumentMeta } from './use-document-meta.ts';
import { SiteLink } from './site-link.tsx';
import { usePublicConfig } from '../../lib/api/get-public-config.ts';

function WithEmail({ text, email }: { text: string; email: string | undefined }) {
  const parts = text.split('{email}');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 &&
        (email ? (
          <a href={`mailto:${email}`} className="link link-primary font-medium">
            {email}
          </a>
        ) : (
          'our support address (see the footer)'
        ))}
    </Fragment>
  ));
}

function Block({ block, email }: { block: LegalBlock; email: string | undefined }): ReactNode {
  if (typeof block === 'string') {
    return (
      <p>
        <WithEmail text={block} email={email} />
      </p>
    );
  }
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-primary">
      {block.list.map((item) => (
        <li key={item} className="pl-1">
          <WithEmail text={item} email={email} />
        </li>
      ))}
    </ul>
  );
}

const legalMeta = (legal: LegalDocument): DocumentMeta => ({ title: `${legal.title} — Kickoff`, description: legal.description });

export function LegalPage({ document: legal }: { document: LegalDocument }) {
  useDocumentMeta(legalMeta(legal));
  const { data: config } = usePublicConfig();
  const email = config?.supportEmail;
  return (
    <div className="min-h-screen bg-base-100 text-base-content">
      <PublicHeader />
      <main id="main" className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 lg:pt-14">
        <SiteLink to="/" className="btn btn-ghost btn-sm -ml-3 gap-1.5">
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Home
        </SiteLink>
        <header className="mt-6 max-w-3xl border-b border-base-300 pb-8">
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">Legal</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">{legal.title}</h1>
          <p className="mt-4 flex items-center gap-2 text-sm text-base-content/70">
            <CalendarDays className="size-4" aria-hidden="true" /> Last updated {LEGAL_LAST_UPDATED}
          </p>
          <p className="mt-5 text-lg leading-relaxed text-base-content/80">{legal.intro}</p>
        </header>
        <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr] lg:gap-14">
          <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24 lg:self-start">
            <div className="rounded-box border border-base-300 bg-base-200/50 p-5">
              <h2 id="toc-title" className="mb-3 text-xs font-semibold tracking-widest text-base-content/70 uppercase">
                On this page
              </h2>
              <ol className="space-y-1.5 text-sm">
                {legal.sections.map((section, index) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`} className="flex gap-2 rounded-field px-2 py-1 text-base-content/75 hover:bg-base-300/60 hover:text-base-content">
                      <span className="w-5 shrink-0 text-right tabular-nums text-base-content/70">{index + 1}.</span>
                      {section.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
          <article className="max-w-3xl space-y-12" data-testid="legal-sections">
            {legal.sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
                <h2 id={`${section.id}-title`} className="flex gap-3 text-2xl font-bold tracking-tight">
                  <span className="text-primary tabular-nums">{index + 1}.</span>
                  {section.title}
                </h2>
                <div className="mt-4 space-y-4 leading-7 text-base-content/80">
                  {section.body.map((block, blockIndex) => (
                    <Block key={blockIndex} block={block} email={email} />
                  ))}
                </div>
              </section>
            ))}
            <div className="border-t border-base-300 pt-8">
              <SiteLink to="/" className="btn btn-primary gap-1.5">
                <ArrowLeft className="size-4" aria-hidden="true" /> Back to Home
              </SiteLink>
            </div>
          </article>
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}

export function TermsOfServicePage() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}

export function PrivacyPolicyPage() {
  return <LegalPage document={PRIVACY_POLICY} />;
}

export function RefundPolicyPage() {
  return <LegalPage document={REFUND_POLICY} />;
}

/** The legal pages by path, with their title and description (for the prerendered pages' head). */
export const LEGAL_PAGES = {
  '/terms-of-service': { Component: TermsOfServicePage, meta: legalMeta(TERMS_OF_SERVICE) },
  '/privacy-policy': { Component: PrivacyPolicyPage, meta: legalMeta(PRIVACY_POLICY) },
  '/refund-policy': { Component: RefundPolicyPage, meta: legalMeta(REFUND_POLICY) },
};
