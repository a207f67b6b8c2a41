// Per-route title, description and Open Graph tags; the previous values come back on unmount, so a
// page that sets nothing keeps index.html's defaults.
import { useEffect } from 'react';

export type DocumentMeta = { title: string; description: string };

const TAGS = [
  { selector: 'meta[name="description"]', key: 'description' },
  { selector: 'meta[property="og:title"]', key: 'title' },
  { selector: 'meta[property="og:description"]', key: 'description' },
] as const;

function metaTag(selector: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(selector);
  if (!tag) {
    tag = document.createElement('meta');
    const [, attribute, value] = /\[(\w+)="([^"]+)"\]/.exec(selector) ?? [];
    if (attribute && value) tag.setAttribute(attribute, value);
    document.head.append(tag);
  }
  return tag;
}

export function useDocumentMeta({ title, description }: DocumentMeta) {
  useEffect(() => {
    const previousTitle = document.title;
    const values = { title, description };
    const restore = TAGS.map(({ selector, key }) => {
      const tag = metaTag(selector);
      const previous = tag.content;
      tag.content = values[key];
      return () => {
        tag.content = previous;
      };
    });
    document.title = title;
    return () => {
      document.title = previousTitle;
      for (const undo of restore) undo();
    };
  }, [title, description]);
}
