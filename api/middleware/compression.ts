// JSON and HTML answers go gzipped to a client that takes it: a new hire's first pull or a page of plans
// shrinks to a fifth or less (the demo new hire's first pull 17.4 -> 3.5 KB), and on a phone's connection
// the bytes are most of a read's time. Only answers made whole in memory (c.json, c.html) are: the change
// stream must leave at once (a compressor holds bytes back), files stream with their length, and the
// build compressed its own (they carry Content-Encoding).
// Not hono/compress: it pipes every answer through CompressionStream, which served fewer pulls a second
// here than zlib's gzip on the same answers (bench/README.md).
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';

/** Smaller answers are sent as they are: gzip's own header and a round of CPU would save nothing. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Up to this size gzip runs on the request's own turn (0.14 ms for a 17 KB pull); larger answers go to
 * zlib's thread pool, so a large export does not hold every other request up.
 */
const SYNC_GZIP_MAX_BYTES = 128 * 1024;
const gzipAsync = promisify(gzip);
const COMPRESSED_TYPE = /^(?:application\/json|text\/html)\b/i;
/** Not an answer without a body (204, 304...) nor a part of one (206). */
const sendsWholeBody = (status: number) => status >= 200 && ![204, 205, 206, 304].includes(status);
/** gzip named, or `*`, with a quality above 0 (`gzip;q=0` refuses it), as hono/compress reads the header. */
function takesGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false;
  const accepts = parseAccept(acceptEncoding);
  const named = accepts.find((accept) => accept.type.toLowerCase() === 'gzip') ?? accepts.find((accept) => accept.type === '*');
  return (named?.q ?? 0) > 0;
}

/**
 * Only headers and the status are looked at before deciding: on @hono/node-server, touching an answer's
 * body turns its lightweight answer into a full web Response, which a client that does not take gzip
 * must not pay for.
 */
export const compressAnswers: MiddlewareHandler = async (c, next) => {
  await next();
  const answer = c.res;
  const { headers } = answer;
  if (!COMPRESSED_TYPE.test(headers.get('Content-Type') ?? '') || headers.has('Content-Encoding') || headers.has('Content-Length')) return;
  // The same URL answers differently by what the client takes: a cache must keep the two apart. (On the
  // answer's own headers: c.header() after the handler remakes the answer as a full Response.)
  headers.append('Vary', 'Accept-Encoding');
  if (!takesGzip(c.req.header('Accept-Encoding')) || c.req.method === 'HEAD' || !sendsWholeBody(answer.status)) return;
  const body = Buffer.from(await answer.arrayBuffer());
  const compressed = body.length < MIN_COMPRESSED_BYTES ? null : body.length < SYNC_GZIP_MAX_BYTES ? gzipSync(body) : await gzipAsync(body);
  c.res = new Response(compressed ?? body, c.res);
  if (compressed) c.res.headers.set('Content-Encoding', 'gzip');
  c.res.headers.set('Content-Length', String((compressed ?? body).length));
};
