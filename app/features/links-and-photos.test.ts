// Rendered markup of the places that show a typed-in photo or link (no DOM needed: server rendering).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/auth.ts';
import type { OnboardingTask } from '../../shared/onboarding.ts';
import { TaskDetail } from '../components/plan-view/task-detail.tsx';
import { HelpfulResources } from './new-hire/helpful-resources.tsx';
import { Avatar } from './auth/user-menu.tsx';

const user = { id: 'u1', email: 'grace@acme.test', fullName: 'Grace Hopper', profileImageUrl: null } as SessionUser;

describe('profile photos', () => {
  it('shows an allowed photo without sending a referrer', () => {
    const html = renderToStaticMarkup(createElement(Avatar, { user: { ...user, profileImageUrl: 'https://www.gravatar.com/avatar/205e460b?s=200' } }));
    expect(html).toContain('<img src="https://www.gravatar.com/avatar/205e460b?s=200" alt="" referrerPolicy="no-referrer"/>');
  });

  it('shows the initials for a photo from any other host (one saved before the rule included)', () => {
    for (const profileImageUrl of ['https://evil.test/pixel.png', 'javascript:alert(1)']) {
      const html = renderToStaticMarkup(createElement(Avatar, { user: { ...user, profileImageUrl } }));
      expect(html).not.toContain('<img');
      expect(html).toContain('GH');
    }
  });

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
