// JSON and HTML answers go gzipped to a client that takes it: a new hire's first pull or a page of plans
// shrinks to a fifth or less (the demo new hire's first pull 17.4 -> 3.5 KB), and on a phone's connection
// the bytes are most of a read's time. Only answers made whole in memory (c.json, c.html) are: the change
// stream must leave at once (a compressor holds bytes back), files stream with their length, and the
// build compressed its own (they carry Content-Encoding).
// Not hono/compress: it pipes through CompressionStream, which cost 0.7 ms of CPU per 17 KB answer here
// against 0.14 ms for zlib (bench/README.md); zlib's asynchronous call also keeps a large one off the event loop.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Smaller answers are sent as they are: gzip's own header and a round of CPU would save nothing. */
export const MIN_COMPRESSED_BYTES = 1024;

const gzipAsync = promisify(gzip);
const COMPRESSED_TYPE = /^(?:application\/json|text\/html)\b/i;
const takesGzip = (acceptEncoding: string | undefined) => acceptEncoding !== undefined && /\bgzip\b/i.test(acceptEncoding);

export const compressAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  const answer = c.res;
  if (!answer.body || answer.status === 206 || c.req.method === 'HEAD' || !COMPRESSED_TYPE.test(answer.headers.get('Content-Type') ?? '')) return;
  if (answer.headers.has('Content-Encoding') || answer.headers.has('Content-Length')) return;
  // The same URL answers differently by what the client takes: a cache must keep the two apart.
  c.header('Vary', 'Accept-Encoding', { append: true });
  if (!takesGzip(c.req.header('Accept-Encoding'))) return;
  const body = Buffer.from(await answer.arrayBuffer());
  const compressed = body.length < MIN_COMPRESSED_BYTES ? null : await gzipAsync(body);
  c.res = new Response(compressed ?? body, c.res);
  if (compressed) c.res.headers.set('Content-Encoding', 'gzip');
  c.res.headers.set('Content-Length', String((compressed ?? body).length));
};
