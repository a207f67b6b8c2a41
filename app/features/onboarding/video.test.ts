// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMegabytes, resourceMedia, videoEmbedFor } from './video.ts';

describe('video links of resource tasks', () => {
  it('embeds YouTube links without tracking cookies', () => {
    for (const link of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', 'https://youtu.be/dQw4w9WgXcQ', 'https://youtube.com/shorts/dQw4w9WgXcQ']) {
      expect(videoEmbedFor(link)?.embedUrl).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
    }
  });

  it('embeds Vimeo and Loom links', () => {
    expect(videoEmbedFor('https://vimeo.com/76979871')?.embedUrl).toMatch(/^https:\/\/player\.vimeo\.com\/video\/76979871/);
    expect(videoEmbedFor('https://www.loom.com/share/0281766fa2d04bb788eaf19e65135184')?.service).toBe('Loom');
  });

  it('leaves other links, bad links and look-alike hosts to a plain Watch Video link', () => {
    expect(videoEmbedFor('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedFor('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedFor('javascript:alert(1)')).toBeNull();
    expect(videoEmbedFor('not a url')).toBeNull();
  });

  it('plays a YouTube or Vimeo link pasted as the resource, and keeps any other resource a plain link', () => {
    const youtube = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    expect(resourceMedia({ videoUrl: null, resourceUrl: youtube })).toEqual({ videos: [youtube], link: null });
    expect(resourceMedia({ videoUrl: null, resourceUrl: 'https://vimeo.com/76979871' })).toEqual({ videos: ['https://vimeo.com/76979871'], link: null });
    expect(resourceMedia({ videoUrl: null, resourceUrl: 'https://handbook.example.com/' })).toEqual({ videos: [], link: 'https://handbook.example.com/' });
    expect(resourceMedia({ videoUrl: youtube, resourceUrl: 'https://handbook.example.com/' })).toEqual({ videos: [youtube], link: 'https://handbook.example.com/' });
  });

  it('shows a video once when both fields name it, and both when they differ', () => {
    const youtube = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    expect(resourceMedia({ videoUrl: youtube, resourceUrl: 'https://youtu.be/dQw4w9WgXcQ' })).toEqual({ videos: [youtube], link: null });
    expect(resourceMedia({ videoUrl: youtube, resourceUrl: youtube })).toEqual({ videos: [youtube], link: null });
    expect(resourceMedia({ videoUrl: youtube, resourceUrl: 'https://vimeo.com/76979871' })).toEqual({ videos: [youtube, 'https://vimeo.com/76979871'], link: null });
  });

  it('offers neither player nor link for what is not a web address', () => {
    expect(resourceMedia({ videoUrl: 'javascript:alert(1)', resourceUrl: 'not a url' })).toEqual({ videos: [], link: null });
    expect(resourceMedia({ videoUrl: null, resourceUrl: null })).toEqual({ videos: [], link: null });
  });

  it('shows sizes in MB with one decimal', () => {
    expect(formatMegabytes(1_572_864, 'en')).toBe('1.5 MB');
    expect(formatMegabytes(0, 'en')).toBe('0.0 MB');
  });
});
