// Known video services a resource task may link to, and how to embed each without tracking cookies.
import { safeUrl } from '../../../shared/links.ts';

export type VideoEmbed = { service: 'YouTube' | 'Vimeo' | 'Loom'; embedUrl: string; posterUrl: string | null };

/** The embed for a YouTube, Vimeo or Loom link; null for anything else (shown as a plain link). */
export function videoEmbedFor(link: string | null | undefined): VideoEmbed | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const path = url.pathname.split('/').filter(Boolean);

  let youtubeId: string | undefined;
  if (host === 'youtu.be') youtubeId = path[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtubeId = path[0] === 'watch' ? (url.searchParams.get('v') ?? undefined) : ['embed', 'shorts', 'live'].includes(path[0] ?? '') ? path[1] : undefined;
  }
  if (youtubeId && /^[\w-]{6,20}$/.test(youtubeId)) {
    return {
      service: 'YouTube',
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0`,
      posterUrl: `https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg`,
    };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = path.find((part) => /^\d{4,}$/.test(part));
    if (id) return { service: 'Vimeo', embedUrl: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`, posterUrl: null };
  }
  if (host === 'loom.com') {
    const id = (path[0] === 'share' || path[0] === 'embed') && path[1] && /^[\da-f]{16,64}$/i.test(path[1]) ? path[1] : undefined;
    if (id) return { service: 'Loom', embedUrl: `https://www.loom.com/embed/${id}?autoplay=1`, posterUrl: null };
  }
  return null;
}

/**
 * What a resource task shows from its two links: players for its Video URL and for a Resource URL that
 * is a known video service (the same video once), and a plain link for any other resource.
 */
export function resourceMedia(task: { videoUrl: string | null; resourceUrl: string | null }): { videos: string[]; link: string | null } {
  const video = safeUrl(task.videoUrl);
  const resource = safeUrl(task.resourceUrl);
  if (!resource || resource === video) return { videos: video ? [video] : [], link: null };
  const resourceEmbed = videoEmbedFor(resource);
  if (!resourceEmbed) return { videos: video ? [video] : [], link: resource };
  if (video && videoEmbedFor(video)?.embedUrl === resourceEmbed.embedUrl) return { videos: [video], link: null };
  return { videos: video ? [video, resource] : [resource], link: null };
}

/** An attachment's size as the spec shows it: megabytes with one decimal, in the reader's locale. */
export function formatMegabytes(bytes: number, locale?: string): string {
  const megabytes = bytes / (1024 * 1024);
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(megabytes)} MB`;
}
