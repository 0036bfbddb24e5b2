// API (architecture §12): 50 concurrent clients (autocannon) on each read endpoint of the local cloud,
// and beside it the bare DynamoDB round trips that serve it: the same calls, recorded from the use
// case itself, replayed with the SDK directly at the same concurrency (and, within one request, with
// the same steps: calls the use case makes at once are replayed at once). The ratio of the two median
// latencies is the handler's overhead (HTTP, JWT check, middy, zod, electrodb, JSON, presigning).
import autocannon from 'autocannon';
import * as ddb from '@aws-sdk/client-dynamodb';
import { decodeJwt } from 'jose';
import { benchCloud } from './cloud';
import { median, percentile, row, type Row } from './stats';
import { steps, type RecordedCall } from './steps';
import type { BenchContext } from './context';

export const CONNECTIONS = 50;
export const RATIO_TARGET = 2;
/** Documents the list's owner has sent, and the page size asked for. */
export const LIST_DOCUMENTS = 12;
export const LIST_PAGE = 10;

interface Endpoint {
  name: string;
  path: string;
  token?: string;
  /** Runs the endpoint's use case once in this process; the DynamoDB calls it makes are recorded. */
  useCase: () => Promise<unknown>;
}

type Handler = (args: { input: unknown }) => Promise<unknown>;

/** Records each DynamoDB call (marshalled input) the client makes while `run` runs. */
async function recordCalls(client: ddb.DynamoDBClient, run: () => Promise<unknown>): Promise<RecordedCall[]> {
  const calls: RecordedCall[] = [];
  const name = 'benchRecorder';
  const recorder = (next: Handler, context: { commandName?: string }) => async (args: { input: unknown }) => {
    const call = {
      command: context.commandName ?? '?',
      input: structuredClone(args.input),
      start: 0,
      end: 0,
    };
    calls.push(call);
    call.start = performance.now();
    try {
      return await next(args);
    } finally {
      call.end = performance.now();
    }
  };
  client.middlewareStack.add(recorder as never, { step: 'serialize', name, priority: 'low' } as never);
  try {
    await run();
  } finally {
    client.middlewareStack.remove(name);
  }
  return calls;
}

/** `count` concurrent loops replaying the calls in order for `seconds`; latencies (ms) per replay. */
export async function replay(
  client: ddb.DynamoDBClient,
  calls: readonly RecordedCall[],
  count: number,
  seconds: number,
): Promise<number[]> {
  const commands = ddb as unknown as Record<string, new (input: unknown) => ddb.GetItemCommand>;
  const make = steps(calls).map((step) =>
    step.map((c) => {
      const Command = commands[c.command];
      if (!Command) throw new Error(`no DynamoDB command ${c.command}`);
      return () => new Command(c.input);
    }),
  );
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: count }, async () => {
      while (Date.now() < deadline) {
        const t = performance.now();
        for (const step of make) await Promise.all(step.map((m) => client.send(m())));
        latencies.push(performance.now() - t);
      }
    }),
  );
  return latencies;
}

async function endpoints(): Promise<Endpoint[]> {
  // The fixtures and the use cases read the environment the cloud set: import them after it started.
  const { sendTwoContractorDocument } = await import('../test/support/documents');
  const { createDocument, uploadPdf } = await import('../test/support/documents');
  const { api } = await import('../test/support/cloud-client');
  const { contractDeps, documentDeps, signingDeps } = await import('../lambdas/deps');
  const { getDocument } = await import('../lambdas/usecases/documents');
  const { contractDetails, listContracts } = await import('../lambdas/usecases/contracts');
  const { getSignerView } = await import('../lambdas/usecases/signing');
  const { apiKeyDeps } = await import('../lambdas/deps');
  const { authenticateApiKey } = await import('../lambdas/usecases/api-keys');
  const sent = await sendTwoContractorDocument({ title: 'Bench agreement' });
  // The same owner sends more, so that the list endpoint has a page of cards to build.
  for (let i = 1; i < LIST_DOCUMENTS; i += 1) {
    const docuId = await createDocument(sent.owner);
    const steps = [
      await uploadPdf(sent.owner, docuId),
      await api(`/api/documents/${docuId}/recipients`, {
        method: 'PUT',
        token: sent.owner.token,
        body: {
          recipients: [{ name: `Signer ${i}`, contact: `bench-${i}-${docuId}@example.com` }],
          finalRecipients: [],
          lang: 'en',
        },
      }),
      await api(`/api/documents/${docuId}/areas`, {
        method: 'PUT',
        token: sent.owner.token,
        body: { areas: [{ recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 }] },
      }),
      await api(`/api/documents/${docuId}`, {
        method: 'PATCH',
        token: sent.owner.token,
        body: { title: `Bench agreement ${i}`, privateinfoAgree: true },
      }),
      await api(`/api/documents/${docuId}/send`, {
        method: 'POST',
        token: sent.owner.token,
        body: { lang: 'en' },
      }),
    ];
    const failed = steps.find((r) => r.status >= 300);
    if (failed) throw new Error(`bench setup: sending document ${i} answered ${failed.status}`);
  }
  // REST v1 (issue #31): a documents:read key of the same owner.
  const made = await api('/api/account/api-keys', {
    method: 'POST',
    token: sent.owner.token,
    body: { name: 'bench', scopes: ['documents:read'] },
  });
  if (made.status !== 201) throw new Error(`bench setup: making an API key answered ${made.status}`);
  const apiKey = made.body.secret as string;
  // The server caches a key owner's state for a while: so does this process before its calls are
  // recorded, so the replay is the steady state's calls, not a cold first request's.
  await authenticateApiKey(apiKeyDeps(), `Bearer ${apiKey}`, new Date());
  const listQuery = { tab: 'pending' as const, role: 'owner' as const, limit: LIST_PAGE };
  const claims = decodeJwt(sent.owner.token);
  const owner = {
    sub: String(claims.sub),
    email: sent.owner.email,
    emailVerified: true,
    name: sent.owner.name,
  };
  return [
    {
      name: 'signer view',
      path: `/api/sign/${sent.docuId}/${sent.mailToken}`,
      useCase: () => getSignerView(signingDeps(), sent.docuId, sent.mailToken),
    },
    {
      name: 'document list',
      path: `/api/documents?tab=${listQuery.tab}&role=${listQuery.role}&limit=${listQuery.limit}`,
      token: sent.owner.token,
      useCase: () => listContracts(contractDeps(), owner, listQuery),
    },
    {
      name: 'document detail',
      path: `/api/documents/${sent.docuId}/details`,
      token: sent.owner.token,
      useCase: () => contractDetails(contractDeps(), owner, sent.docuId),
    },
    {
      // The same document through the public API: the key's check (its item, its owner's state while
      // not cached, its per-minute counter) and the same use case.
      name: 'v1 document (API key)',
      path: `/api/v1/documents/${sent.docuId}`,
      token: apiKey,
      useCase: async () => {
        const principal = await authenticateApiKey(apiKeyDeps(), `Bearer ${apiKey}`, new Date());
        return getDocument(documentDeps(), principal.user, sent.docuId);
      },
    },
    {
      name: 'document (funnel)',
      path: `/api/documents/${sent.docuId}`,
      token: sent.owner.token,
      useCase: () => getDocument(documentDeps(), owner, sent.docuId),
    },
  ];
}

export async function runApi(ctx: BenchContext): Promise<Row[]> {
  const cloud = await benchCloud(ctx.log);
  const list = await endpoints();
  const { dynamo } = await import('../lambdas/adapters/aws');
  const bare = new ddb.DynamoDBClient({ region: 'us-east-1', endpoint: cloud.info.endpoints.dynamodb });
  const rows: Row[] = [];
  for (const e of list) {
    const url = cloud.info.appUrl + e.path;
    const headers: Record<string, string> = e.token ? { authorization: `Bearer ${e.token}` } : {};
    // One real request first: a first read may write once (the signer view records when a link was
    // first opened); the load and the replay measure the steady state, every later request.
    const first = await fetch(url, { headers });
    if (!first.ok) throw new Error(`${e.name}: GET ${e.path} answered ${first.status}`);
    const calls = await recordCalls(dynamo(), e.useCase);
    const shape = steps(calls)
      .map((step) => step.map((c) => c.command.replace(/Command$/, '')).join(' ∥ '))
      .join(' → ');
    ctx.log(`api: ${e.name}: ${shape}`);
    // Warm up both (JIT, connection pools, the JWKS cache).
    await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
    await replay(bare, calls, CONNECTIONS, 1);
    const api50: number[] = [];
    const api97: number[] = [];
    const bare50: number[] = [];
    const bare97: number[] = [];
    const ratios: number[] = [];
    let rps = 0;
    for (let i = 0; i < ctx.runs; i++) {
      const res = await autocannon({ url, connections: CONNECTIONS, duration: ctx.durationSeconds, headers });
      if (res.non2xx || res.errors)
        throw new Error(`${e.name}: ${res.non2xx} non-2xx and ${res.errors} errors under load`);
      const direct = await replay(bare, calls, CONNECTIONS, ctx.durationSeconds);
      api50.push(res.latency.p50);
      api97.push(res.latency.p97_5);
      bare50.push(median(direct));
      bare97.push(percentile(direct, 97.5));
      ratios.push(res.latency.p50 / median(direct));
      rps = Math.max(rps, res.requests.average);
      ctx.log(
        `api: ${e.name} run ${i + 1}: p50 ${res.latency.p50} ms (${res.requests.average} req/s), bare p50 ${median(direct).toFixed(1)} ms`,
      );
    }
    const trips = `${calls.length} DynamoDB calls in ${steps(calls).length} sequential steps`;
    rows.push(
      row('api', `${e.name} p50 (${CONNECTIONS} clients)`, 'ms', api50, { note: `~${rps.toFixed(0)} req/s` }),
      row('api', `${e.name} p97.5`, 'ms', api97),
      row('api', `${e.name} bare DynamoDB p50`, 'ms', bare50, { note: trips }),
      row('api', `${e.name} bare DynamoDB p97.5`, 'ms', bare97),
      row('api', `${e.name} ratio (p50 / bare p50)`, 'ratio', ratios, { target: RATIO_TARGET }),
    );
  }
  bare.destroy();
  return rows;
}
