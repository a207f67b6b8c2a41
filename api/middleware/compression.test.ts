// What a browser gets compressed and what it does not. (The change stream, which must never be, is
// checked over real HTTP in api/events/events.test.ts, whose client asks for gzip as a browser does.)
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness.ts';
import { MIN_COMPRESSED_BYTES } from './compression.ts';

describe('compressed answers', async () => {
  const ctx = await createTestContext();
  const get = (path: string, acceptEncoding?: string) => ctx.app.request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

  it('sends a large JSON answer gzipped to a client that takes it, the same JSON once inflated', async () => {
    const plain = await get('/api/openapi.json');
    const plainText = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    // A cache in between keeps the plain and the gzipped answer apart.
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    expect(plainText.length).toBeGreaterThan(10 * MIN_COMPRESSED_BYTES);

    const zipped = await get('/api/openapi.json', 'gzip, deflate, br, zstd');
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    expect(zipped.headers.get('content-type')).toContain('application/json');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(plainText.length / 4);
    expect(gunzipSync(bytes).toString()).toBe(plainText);

    // A client that refuses gzip (quality 0) gets it as it is.
    const refused = await get('/api/openapi.json', 'gzip;q=0, deflate');
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(plainText);
  });

  it('leaves an answer under a kilobyte as it is, with its length', async () => {
    const res = await get('/api/health', 'gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    const body = await res.text();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(JSON.parse(body)).toMatchObject({ status: 'ok' });
  });

  it('compresses an error answer the same way: one error shape, whatever its size', async () => {
    const res = await get(`/api/${'x'.repeat(2 * MIN_COMPRESSED_BYTES)}`, 'gzip');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toMatchObject({ code: 'not_found' });
  });
});
