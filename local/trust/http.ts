// What the local trust services share over HTTP: a bounded request body, and a server that binds its
// own port (0: a free one) and can let go of it and take it back (a timestamp authority "down").
import http from 'node:http';
import { listenOn } from '../ports';

/** The largest request body a local trust service reads (an RFC 3161 query is ~60 bytes, an OCSP
 *  request ~100 bytes per certificate). */
export const MAX_REQUEST_BYTES = 64 * 1024;

export class TooLarge extends Error {}

/** How much of a too large body is read and thrown away (so the client sees the 413) before the
 *  connection is cut instead. */
const DRAIN_BYTES = 1024 * 1024;

/** The request's body, or TooLarge as soon as it passes `limit` bytes (the rest is not kept). */
export function readBody(req: http.IncomingMessage, limit = MAX_REQUEST_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => {
      let drained = 0;
      req.removeAllListeners('data');
      req.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > DRAIN_BYTES) req.destroy();
      });
      req.resume();
      reject(new TooLarge());
    };
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return tooLarge();
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendPlain(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

export function sendDer(res: http.ServerResponse, contentType: string, body: Buffer): void {
  res.writeHead(200, {
    'content-type': contentType,
    'content-length': body.length,
    'cache-control': 'no-store',
  });
  res.end(body);
}

/** The media type of a request, lower case, without parameters. */
export const mediaType = (req: http.IncomingMessage): string =>
  (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

export interface Listener {
  readonly url: string;
  readonly port: number;
  readonly paused: boolean;
  /** Closes the listening socket and every open connection: new connections are refused. */
  pause(): Promise<void>;
  /** Listens again on the same port. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** Serves `handler` on host:port (0: a free port), named for a busy port's message. */
export async function serve(
  handler: http.RequestListener,
  where: { host: string; port: number; label: string; variable: string },
): Promise<Listener> {
  const server = http.createServer(handler);
  server.keepAliveTimeout = 2000;
  const port = await listenOn(server, where.port, where.label, where.variable, where.host);
  let paused = false;
  let stopped = false;
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://${where.host}:${port}`,
    port,
    get paused() {
      return paused;
    },
    async pause() {
      if (stopped) return;
      paused = true;
      await close();
    },
    async resume() {
      if (stopped || server.listening) return;
      await listenOn(server, port, where.label, where.variable, where.host);
      paused = false;
    },
    async stop() {
      stopped = true;
      await close();
    },
  };
}
