// Shared by the local trust services' tests: openssl as the independent referee (run asynchronously:
// the services answer from this same process), temporary folders, and HTTP posts.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs openssl without blocking the event loop; never throws on a non-zero exit. */
export function openssl(args: readonly string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      '/usr/bin/openssl',
      [...args],
      { cwd, timeout: 60_000, encoding: 'utf8' },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A body fetch takes (its types want an ArrayBuffer-backed view). */
export const bodyOf = (bytes: Uint8Array): BodyInit => new Uint8Array(bytes);

/** POSTs `body` and returns the status, content type and body. */
export async function post(
  url: string,
  contentType: string,
  body: Uint8Array,
): Promise<{ status: number; type: string; body: Buffer }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: bodyOf(body),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** The error code under a failed fetch (ECONNREFUSED…). */
export async function fetchErrorCode(url: string, init?: RequestInit): Promise<string | undefined> {
  try {
    await fetch(url, init);
    return undefined;
  } catch (err) {
    return ((err as { cause?: { code?: string } }).cause?.code ?? 'unknown') as string;
  }
}
