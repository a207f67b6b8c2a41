// The one check every typed-in link and photo passes before it reaches an href or an img src.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PROFILE_PHOTO_HOST_MESSAGE, ProfileSchema } from './auth.ts';
import { isProfilePhotoHost, safeProfilePhoto, safeUrl } from './links.ts';
import { isHttpUrl } from './templates.ts';

describe('safeUrl', () => {
  it('keeps http(s) links, normalised', () => {
    expect(safeUrl('https://acme.test/handbook')).toBe('https://acme.test/handbook');
    expect(safeUrl('http://acme.test')).toBe('http://acme.test/');
    expect(safeUrl('HTTPS://Acme.Test/Path?q=1#top')).toBe('https://acme.test/Path?q=1#top');
  });

  it('drops every other scheme and anything that is not a link', () => {
    for (const link of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.test/x',
      '/relative',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(safeUrl(link), String(link)).toBeNull();
    }
  });

  it('is the rule templates validate task links with', () => {
    for (const link of ['https://acme.test', 'javascript:alert(1)', 'data:,x', 'ftp://acme.test']) expect(isHttpUrl(link), link).toBe(safeUrl(link) !== null);
  });
});

describe('profile photos', () => {
  const allowed = [
    'https://www.gravatar.com/avatar/205e460b479e2e5b48aec07710c08d50?s=200',
    'https://secure.gravatar.com/avatar/205e460b479e2e5b48aec07710c08d50',
    'https://avatars.githubusercontent.com/u/583231?v=4',
    'https://lh3.googleusercontent.com/a/ACg8ocJ-example=s96-c',
  ];
  const refused = [
    'https://evil.test/pixel.png',
    'https://raw.githubusercontent.com/someone/repo/main/me.png',
    'https://sites.googleusercontent.com/me.png',
    'https://www.gravatar.com.evil.test/avatar/x',
    'https://www.gravatar.com@evil.test/avatar/x',
    'https://user:pass@www.gravatar.com/avatar/x',
    'https://www.gravatar.com:8443/avatar/x',
    'http://www.gravatar.com/avatar/x',
    'javascript:alert(1)',
  ];

  it('shows only https photos from the allowed hosts', () => {
    for (const link of allowed) expect(safeProfilePhoto(link), link).toBe(new URL(link).href);
    for (const link of refused) expect(safeProfilePhoto(link), link).toBeNull();
    expect(safeProfilePhoto(null)).toBeNull();
    expect(isProfilePhotoHost('not a url')).toBe(false);
  });

  it('accepts them in the profile, an empty one removes the photo, and each mistake gets one message', () => {
    const profile = (profileImageUrl: string) => v.safeParse(ProfileSchema, { fullName: 'Grace Hopper', profileImageUrl });
    const messages = (profileImageUrl: string) => profile(profileImageUrl).issues?.map((issue) => issue.message);
    for (const link of allowed) expect(profile(link).success, link).toBe(true);
    expect(profile('').success).toBe(true);
    expect(messages('https://evil.test/pixel.png')).toEqual([PROFILE_PHOTO_HOST_MESSAGE]);
    expect(messages('https://raw.githubusercontent.com/someone/repo/main/me.png')).toEqual([PROFILE_PHOTO_HOST_MESSAGE]);
    for (const link of ['not a url', 'javascript:alert(1)', 'http://www.gravatar.com/avatar/x']) {
      expect(new Set(messages(link)), link).toEqual(new Set(['Please enter a valid image URL starting with https://']));
    }
  });
});
