// Links and photos people type in, checked the same way before any of them reaches an href or an img src.

/** The link, normalised, when it is http(s); null for anything else (javascript:, data:, garbage). */
export function safeUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Where a profile photo may come from. There are no uploads in this version, so a photo is a link,
 * and every teammate's browser fetches it: from any host, it would tell that host who looked at the
 * page and when. These serve account avatars (Gravatar, Google accounts, GitHub) from infrastructure
 * whose request logs the photo's owner cannot read; exact hostnames, because their sibling hosts
 * (raw.githubusercontent.com, most of *.googleusercontent.com) serve content anyone can publish.
 */
export const PROFILE_PHOTO_HOSTS: ReadonlySet<string> = new Set([
  'gravatar.com',
  'www.gravatar.com',
  'secure.gravatar.com',
  'avatars.githubusercontent.com',
  'lh3.googleusercontent.com',
  'lh4.googleusercontent.com',
  'lh5.googleusercontent.com',
  'lh6.googleusercontent.com',
]);

export const PROFILE_PHOTO_SOURCES = 'Gravatar, Google or GitHub';

/** Whether the link points at one of PROFILE_PHOTO_HOSTS (on its default port); says nothing of the scheme. */
export function isProfilePhotoHost(link: string): boolean {
  try {
    const url = new URL(link);
    return PROFILE_PHOTO_HOSTS.has(url.hostname) && url.port === '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The photo's https link when it may be shown; null otherwise (the initials are shown instead). */
export function safeProfilePhoto(link: string | null | undefined): string | null {
  const href = safeUrl(link);
  return href?.startsWith('https://') && isProfilePhotoHost(href) ? href : null;
}
