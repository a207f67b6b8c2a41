// Rendered markup of the places of a plan that show a typed-in photo or link (no DOM needed: server rendering).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OnboardingTask } from '../../../shared/onboarding.ts';
import { HelpfulResources } from './helpful-resources.tsx';
import { TaskDetail } from './task-detail.tsx';

describe('introduction photos', () => {
  it("sends no referrer for an introduction task's photo", () => {
    const task = { id: 't1', type: 'introduction', personName: 'Ada', personRole: 'CTO', personPhoto: 'https://i.pravatar.cc/300?img=5' } as OnboardingTask;
    expect(renderToStaticMarkup(createElement(TaskDetail, { task }))).toMatch(/<img [^>]*src="https:\/\/i\.pravatar\.cc\/300\?img=5"[^>]*referrerPolicy="no-referrer"/);
  });
});

describe('helpful resources', () => {
  it('links only http(s) addresses, and hides the card when none is left', () => {
    const html = renderToStaticMarkup(
      createElement(HelpfulResources, {
        links: [
          { label: 'Handbook', url: 'https://acme.test/handbook' },
          { label: 'Run me', url: 'javascript:alert(1)' },
          { label: 'Inline', url: 'data:text/html,<script>alert(1)</script>' },
        ],
      }),
    );
    expect(html).toContain('href="https://acme.test/handbook"');
    expect(html).not.toContain('Run me');
    expect(html).not.toContain('Inline');
    expect(renderToStaticMarkup(createElement(HelpfulResources, { links: [{ label: 'Run me', url: 'javascript:alert(1)' }] }))).toBe('');
  });
});
