// Rendered markup of a typed-in profile photo (no DOM needed: server rendering).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/auth.ts';
import { Avatar } from './user-menu.tsx';

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
});
