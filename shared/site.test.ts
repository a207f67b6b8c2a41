import { describe, expect, it } from 'vitest';
import { phoneDigits, SUPPORT_MESSAGE, whatsappLink } from './site.ts';

describe('whatsappLink', () => {
  it('builds a wa.me link from digits only, with the prefilled message encoded', () => {
    const link = whatsappLink('+94 77 123-4567', 'Hi! I need help & a refund?');
    expect(link).toBe('https://wa.me/94771234567?text=Hi!%20I%20need%20help%20%26%20a%20refund%3F');
  });

  it('uses the support message by default and decodes back to it', () => {
    const link = whatsappLink('94771234567');
    expect(link).not.toBeNull();
    const url = new URL(link!);
    expect(url.hostname).toBe('wa.me');
    expect(url.pathname).toBe('/94771234567');
    expect(url.searchParams.get('text')).toBe(SUPPORT_MESSAGE);
  });

  it('gives no link for a number without digits', () => {
    expect(whatsappLink('')).toBeNull();
    expect(whatsappLink('+ --')).toBeNull();
    expect(phoneDigits(undefined)).toBeNull();
  });
});
