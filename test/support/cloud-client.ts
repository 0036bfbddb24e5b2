// Helpers for tests that talk to the running local cloud (started by cloud-setup.mjs).
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export function env(name: string): string {
  const v = process.env[name];
  if (!v)
    throw new Error(
      `${name} is not set: run through jest's integration/e2e projects (test/support/cloud-setup.mjs)`,
    );
  return v;
}

export async function signIn(
  email: string,
  password: string,
): Promise<{ idToken: string; accessToken: string }> {
  const client = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: env('TEST_COGNITO_ENDPOINT'),
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const res = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: env('USER_POOL_CLIENT_ID'),
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return { idToken: res.AuthenticationResult!.IdToken!, accessToken: res.AuthenticationResult!.AccessToken! };
}

export async function api(
  path: string,
  init: {
    method?: string;
    token?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on arbitrary JSON shapes
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(init.body);
  }
  const request = () => fetch(env('TEST_APP_URL') + path, { method: init.method ?? 'GET', headers, body });
  // A kept-alive socket that the server closed for idleness as it was reused ('other side closed',
  // before any answer: the request was never read) — a race on busy cores, tried once more.
  const res = await request().catch((err: unknown) => {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code === 'UND_ERR_SOCKET' && /other side closed/i.test(cause.message ?? '')) return request();
    throw err;
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  attachments: { filename?: string; contentType?: string; size?: number; content?: string }[];
}

/**
 * When this suite started, in epoch seconds (a few seconds early, for clock rounding). Each jest suite
 * loads this module afresh, and suites run one after another against one shared mailbox.
 */
const SUITE_STARTED_S = Math.floor(Date.now() / 1000) - 5;

/**
 * The local mailbox's store, from this suite's start only. The whole store of a full run (every
 * sealed PDF attached, base64) grew past what the mailbox can serialise in one answer: it closed
 * the socket ('other side closed') three times in a row late in a fresh-clone CI run.
 */
export function mailStoreUrl(): string {
  return `${env('TEST_MAILBOX_URL')}/store?since=${SUITE_STARTED_S}`;
}

export async function mailbox(): Promise<StoredMail[]> {
  // A kept-alive connection may still be closed just as it is reused: reading the store is safe to
  // repeat, so a dropped socket is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(mailStoreUrl());
      return ((await res.json()) as { emails: StoredMail[] }).emails;
    } catch (err) {
      if (attempt >= 3 || !(err instanceof TypeError)) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export async function eventually<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 20000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
