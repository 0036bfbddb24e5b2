// The local server's SPA files (issue #14 item 8): text files go out compressed when the browser
// accepts it (brotli first, then gzip), with Vary: Accept-Encoding, and as they are when it does not.
// A real server on a free port, over a real build-like folder.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createLocalServer, negotiateEncoding } from '../../../local/server';

const JS = `export const clauses = [${Array.from({ length: 400 }, (_, i) => `"clause ${i}"`).join(', ')}];\n`;

let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signseal-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'record.html'), '<!doctype html><div id="record"></div>');
  fs.writeFileSync(path.join(dir, 'assets/app-1234abcd.js'), JS);
  fs.writeFileSync(path.join(dir, 'assets/tiny-1234abcd.js'), 'export {};\n');
  fs.writeFileSync(path.join(dir, 'assets/font-1234abcd.woff2'), Buffer.alloc(4000, 7));
  server = createLocalServer({
    port: 0,
    host: '127.0.0.1',
    webDist: dir,
    runtimeConfig: {},
    jwt: { issuer: 'http://127.0.0.1:1/pool', audience: 'client', jwksUrl: 'http://127.0.0.1:1/jwks.json' },
    storageOrigin: 'http://127.0.0.1:2',
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (no automatic decompression): status, headers and the bytes as sent. */
function get(pathname: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.get(
        `${base}${pathname}`,
        { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
    },
  );
}

describe('the local server compresses the SPA files', () => {
  it('answers a JavaScript asset in brotli when the browser accepts it', async () => {
    const res = await get('/assets/app-1234abcd.js', 'gzip, deflate, br, zstd');

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(JS.length / 3);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(JS);
  });

  it('answers in gzip when the browser accepts gzip but not brotli', async () => {
    const res = await get('/assets/app-1234abcd.js', 'gzip, deflate');

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(JS);
  });

  it('answers the file as it is when the browser asks for no encoding', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/assets/app-1234abcd.js', accept);

      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.toString()).toBe(JS);
    }
  });

  it('serves the app shell for an SPA route, a small one as it is', async () => {
    const res = await get('/en/outsign/d1/token', 'br');

    // Under CloudFront's 1,000-byte minimum: sent as it is.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toContain('<div id="root">');
  });

  it("serves the phone's recording pages their lean shell, like the CloudFront function", async () => {
    expect((await get('/jp/vsign_mobile/AbC123', 'br')).body.toString()).toContain('<div id="record">');
    expect((await get('/en/vc_mobile/AbC123', 'br')).body.toString()).toContain('<div id="record">');

    expect((await get('/en/vsign_mobile', 'br')).body.toString()).toContain('<div id="root">');
  });

  it('leaves small files and already compressed formats alone', async () => {
    expect((await get('/assets/tiny-1234abcd.js', 'br')).headers['content-encoding']).toBeUndefined();
    const font = await get('/assets/font-1234abcd.woff2', 'br, gzip');
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.body.length).toBe(4000);
  });
});

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip;q=0.9', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
