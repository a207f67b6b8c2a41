// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMegabytes, videoEmbedFor } from './video.ts';

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

  it('shows sizes in MB with one decimal', () => {
    expect(formatMegabytes(1_572_864, 'en')).toBe('1.5 MB');
    expect(formatMegabytes(0, 'en')).toBe('0.0 MB');
  });
});
