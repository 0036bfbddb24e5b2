// The signer page on a phone (issue #14 item 8): Debian's Chromium at 380×820 (touch) with the
// DevTools protocol's network and CPU throttling (1.6 Mbps down and up, 150 ms latency, 4× CPU, cache
// off) opens a signer link of a sent three-page contract on the local cloud, each run in a fresh
// profile. Times are the page's own clock (performance.now(), from the start of the navigation):
// first useful content (the page heading or a loading state on screen), then page 1 of the PDF drawn
// by pdf.js (the viewer's data-drawn). Bytes are what crossed the wire until the network went quiet
// after page 1 (Chromium's encodedDataLength of each response, as Playwright reports it: bodies as
// sent, compressed, plus headers). `BENCH_PHONE_VERBOSE=1` prints the waterfall.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import http from 'node:http';
import type { Request } from 'playwright-core';
import { benchCloud } from './cloud';
import type { BenchContext } from './context';
import { row, type Row } from './stats';

/** Issue #33: something useful ≤ 1.5 s, the page's main content (PDF page 1) ≤ 3 s, ≤ 450 KB. */
export const PHONE_USEFUL_TARGET_S = 1.5;
export const PHONE_FIRST_PAGE_TARGET_S = 3;
export const PHONE_BYTES_TARGET = 450_000;

/**
 * What a page's main content is, for the milestone watcher: the signer page's PDF page 1 (drawn by
 * pdf.js, or the server's image of it loaded: decision 163), the recording page's script (what the
 * contractor reads aloud), the video contract's 'Request to Sign' (what its contractor reads and
 * answers first; the owner's video comes after Sign).
 */
export type MainContent = 'pdf' | 'script' | 'request';

/** The phone profile of issue #14: 1.6 Mbps each way (200 000 bytes/s), 150 ms round trip, 4× CPU. */
export const PHONE_PROFILE = {
  viewport: { width: 380, height: 820 },
  latencyMs: 150,
  bytesPerSecond: 200_000,
  cpuSlowdown: 4,
} as const;

const A4 = { width: 595.28, height: 841.89 };
const CLAUSE =
  'The Contractor shall perform the services described in the schedule with due care and skill, ' +
  'in accordance with the laws applicable to this agreement and the instructions of the Client.';

/** A plain three-page contract: a title and numbered clauses of body text on every page. */
async function contractPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let clause = 1;
  for (let p = 0; p < 3; p++) {
    const page = doc.addPage([A4.width, A4.height]);
    page.drawText(p === 0 ? 'SERVICE AGREEMENT' : `SERVICE AGREEMENT (page ${p + 1})`, {
      x: 60,
      y: 780,
      size: 16,
      font: bold,
    });
    for (let y = 740; y > 120; y -= 56) {
      page.drawText(`${clause++}.`, { x: 60, y, size: 10, font: bold });
      page.drawText(CLAUSE, { x: 80, y, size: 10, font, maxWidth: 450, lineHeight: 13 });
    }
  }
  return doc.save();
}

/** The body's size as a server sends it (compressed or not) for these request headers. */
function bodyBytesOnTheWire(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(
      url,
      { headers: { 'accept-encoding': headers['accept-encoding'] ?? 'identity' } },
      (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve(n));
        res.on('error', () => resolve(0));
      },
    );
    request.on('error', () => resolve(0));
  });
}

interface Sample {
  useful: number;
  firstPage: number;
  bytes: number;
  requests: number;
}

/** Installed before the app's scripts run: records when each milestone first holds. */
function watchMilestones(main: MainContent) {
  const marks: { useful?: number; firstPage?: number } = {};
  (window as unknown as { __phoneMarks: typeof marks }).__phoneMarks = marks;
  const visible = (el: Element | null) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (el.textContent ?? '').trim() !== '';
  };
  const check = () => {
    const now = performance.now();
    if (marks.useful === undefined) {
      const candidates = document.querySelectorAll('#root h1, #root [role="status"]');
      if ([...candidates].some(visible)) marks.useful = now;
    }
    if (marks.firstPage === undefined) {
      if (main === 'pdf' && document.querySelector('[data-testid="pdf-page-0"][data-drawn="true"]'))
        marks.firstPage = now;
      if (main === 'script' && visible(document.querySelector('[data-testid="video-script"]')))
        marks.firstPage = now;
      if (main === 'request' && visible(document.querySelector('[data-testid="sign-request"]')))
        marks.firstPage = now;
    }
    if (marks.useful !== undefined && marks.firstPage !== undefined) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  const start = () => {
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    check();
  };
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

async function openOnce(
  appUrl: string,
  link: string,
  until: 'firstPage' | 'useful' = 'firstPage',
  main: MainContent = 'pdf',
): Promise<Sample> {
  const { launchBrowser } = await import('../test/support/browser');
  const session = await launchBrowser({ viewport: { ...PHONE_PROFILE.viewport }, touch: true });
  try {
    const { page, context } = session;
    // tsx keeps function names through a `__name` helper that the page does not have.
    await context.addInitScript({
      content: `var __name = (f) => f; (${watchMilestones.toString()})(${JSON.stringify(main)});`,
    });
    const cdp = await context.newCDPSession(page);
    // Bytes through Playwright's own view of the network, which also covers the requests of workers
    // (pdf.js's worker script), not seen by a page's DevTools session: each figure is Chromium's
    // encodedDataLength (body as sent, plus response headers).
    let bytes = 0;
    let requests = 0;
    let inFlight = 0;
    let lastActivity = Date.now();
    let navigationStart = Date.now();
    const seen: string[] = [];
    context.on('request', () => {
      inFlight += 1;
      lastActivity = Date.now();
    });
    const finished = async (request: Request) => {
      const sizes = await request.sizes().catch(() => undefined);
      // A worker's script has no body size in Playwright's view: the same request again, from here.
      const body =
        sizes && sizes.responseBodySize === 0 && request.method() === 'GET'
          ? await bodyBytesOnTheWire(request.url(), await request.allHeaders())
          : (sizes?.responseBodySize ?? 0);
      const size = body + (sizes?.responseHeadersSize ?? 0);
      bytes += size;
      requests += 1;
      const timing = request.timing();
      seen.push(
        `${(size / 1000).toFixed(1).padStart(7)} KB ${((timing.startTime - navigationStart) / 1000).toFixed(2).padStart(6)}–${((timing.startTime + timing.responseEnd - navigationStart) / 1000).toFixed(2)} s ${request.url().replace(/\?.*/, '')}`,
      );
      inFlight -= 1;
      lastActivity = Date.now();
    };
    context.on('requestfinished', (request) => void finished(request));
    context.on('requestfailed', () => {
      inFlight -= 1;
      lastActivity = Date.now();
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_PROFILE.latencyMs,
      downloadThroughput: PHONE_PROFILE.bytesPerSecond,
      uploadThroughput: PHONE_PROFILE.bytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
    navigationStart = Date.now();
    await page.goto(new URL(link, appUrl).toString(), { waitUntil: 'commit' });
    try {
      await page.waitForFunction(
        (mark) =>
          (window as unknown as { __phoneMarks?: Record<string, number | undefined> }).__phoneMarks?.[mark],
        until,
        { timeout: 90_000, polling: 250 },
      );
    } catch (error) {
      const files = await session.screenshot('bench-phone-timeout');
      if (process.env.BENCH_PHONE_VERBOSE) process.stderr.write(`${seen.join('\n')}\n`);
      const marks = await page.evaluate(() =>
        JSON.stringify((window as { __phoneMarks?: unknown }).__phoneMarks),
      );
      throw new Error(
        `${until === 'firstPage' ? 'page 1 not drawn' : 'nothing useful shown'}: marks ${marks}; ${session.problems.map((p) => p.text).join('; ')}; screenshot ${files.join(' ')}`,
        { cause: error },
      );
    }
    // What the page still fetches right after (the other pages, fonts): until the network is quiet.
    const settle = Date.now() + 20_000;
    while (Date.now() < settle && (inFlight > 0 || Date.now() - lastActivity < 1500))
      await new Promise((r) => setTimeout(r, 100));
    if (process.env.BENCH_PHONE_VERBOSE) process.stderr.write(`${seen.join('\n')}\n`);
    const marks = await page.evaluate(
      () => (window as unknown as { __phoneMarks: { useful?: number; firstPage?: number } }).__phoneMarks,
    );
    return {
      useful: (marks.useful ?? Number.NaN) / 1000,
      firstPage: (marks.firstPage ?? Number.NaN) / 1000,
      bytes,
      requests,
    };
  } finally {
    await session.close();
  }
}

/** A Video Sign contract's recording page on the phone: `/en/vsign_mobile/{token}` (record.html). */
async function recordingPageLink(): Promise<string> {
  const { sendTwoContractorDocument } = await import('../test/support/documents');
  const { api } = await import('../test/support/cloud-client');
  const { signPath, switchToVideoSign } = await import('../test/support/video');
  const { makePng } = await import('../test/support/png');
  const sent = await sendTwoContractorDocument({
    title: 'Bench phone recording',
    names: ['Mia Mail', 'Pat Phone'],
  });
  await switchToVideoSign(sent.docuId);
  const sign = await api(signPath(sent.docuId, sent.mailToken, '/signs'), {
    method: 'POST',
    body: { image: Buffer.from(makePng(60, 30)).toString('base64') },
  });
  if (sign.status !== 201) throw new Error(`sign: ${sign.status} ${JSON.stringify(sign.body)}`);
  const link = await api(signPath(sent.docuId, sent.mailToken, '/video-mobile-link'), { method: 'POST' });
  if (link.status !== 201) throw new Error(`mobile link: ${link.status} ${JSON.stringify(link.body)}`);
  return `/en/vsign_mobile/${link.body.token as string}`;
}

/** A sent Video Contract (issue #16): its first contractor's signer link (the owner's terms to watch). */
async function videoContractLink(): Promise<string> {
  const { newOwner, signerLinkTo } = await import('../test/support/documents');
  const { api } = await import('../test/support/cloud-client');
  const { postVideo, webm } = await import('../test/support/video');
  const { makeJpeg } = await import('../test/support/jpeg');
  const owner = await newOwner('en', 'Vic Owner');
  const call = async (path: string, method: string, body: unknown, expected = 200) => {
    const res = await api(path, { method, token: owner.token, body });
    if (res.status !== expected)
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const { docuId } = await call('/api/documents', 'POST', { kind: 'vcontract' }, 201);
  const session = await call(
    `/api/documents/${docuId}/video-session`,
    'POST',
    { contentType: 'video/webm' },
    201,
  );
  const posted = await postVideo(session.upload, webm(60_000), 'video/webm');
  if (posted.status >= 300) throw new Error(`owner video: ${posted.status}`);
  await call(`/api/documents/${docuId}/video-session/${session.sessionId}/complete`, 'POST', {
    durationMs: 30_000,
    thumbnail: Buffer.from(makeJpeg(320, 240, 40)).toString('base64'),
  });
  const contact = `cara-${docuId}@example.com`;
  await call(`/api/documents/${docuId}/recipients`, 'PUT', {
    recipients: [{ name: 'Cara One', contact }],
    finalRecipients: [],
    lang: 'en',
  });
  await call(`/api/documents/${docuId}`, 'PATCH', { title: 'Bench video contract', privateinfoAgree: true });
  await call(`/api/documents/${docuId}/send`, 'POST', { lang: 'en' });
  return (await signerLinkTo(contact)).path;
}

const PAGES = [
  {
    key: 'signer',
    label: 'signer page',
    main: 'pdf',
    mainLabel: 'PDF page 1 shown',
    note: '3-page contract',
  },
  {
    key: 'record',
    label: 'recording page',
    main: 'script',
    mainLabel: 'script on screen',
    note: '/vsign_mobile, record.html',
  },
  {
    key: 'vcontract',
    label: 'video contract page',
    main: 'request',
    mainLabel: "'Request to Sign' on screen",
    note: 'contractor of a Video Contract',
  },
] as const;

export async function runPhone(ctx: BenchContext): Promise<Row[]> {
  // The local server serves web/dist as it is at each request: build it if it is missing or stale.
  const { buildSpa } = await import('../local/cloud');
  await buildSpa('auto', ctx.log);
  const cloud = await benchCloud(ctx.log);
  const { sendTwoContractorDocument } = await import('../test/support/documents');
  const sent = await sendTwoContractorDocument({
    title: 'Bench phone',
    pdf: await contractPdf(),
    areas: [
      { recipientIndex: 0, pageIndex: 0, x: 60, y: 60, width: 150, height: 50 },
      { recipientIndex: 0, pageIndex: 2, x: 60, y: 60, width: 150, height: 50 },
      { recipientIndex: 1, pageIndex: 2, x: 300, y: 60, width: 150, height: 50 },
    ],
  });
  const links: Record<(typeof PAGES)[number]['key'], string> = {
    signer: sent.mailLink,
    record: await recordingPageLink(),
    vcontract: await videoContractLink(),
  };
  const profile = `380×820, ${PHONE_PROFILE.latencyMs} ms RTT, 1.6 Mbps, ${PHONE_PROFILE.cpuSlowdown}× CPU, no cache`;
  const rows: Row[] = [];
  for (const page of PAGES) {
    // One run first, not counted: the local server compresses each file on its first request and the
    // handlers load on their first call (CloudFront's edge caches and a warm Lambda, in AWS).
    await openOnce(cloud.info.appUrl, links[page.key], 'firstPage', page.main);
    const samples: Sample[] = [];
    for (let i = 0; i < ctx.runs; i++) {
      const s = await openOnce(cloud.info.appUrl, links[page.key], 'firstPage', page.main);
      samples.push(s);
      ctx.log(
        `phone: ${page.label}: run ${i + 1}/${ctx.runs}: useful ${s.useful.toFixed(2)} s, ${page.mainLabel} ${s.firstPage.toFixed(2)} s, ${(s.bytes / 1000).toFixed(0)} KB in ${s.requests} requests`,
      );
    }
    rows.push(
      row(
        'phone',
        `${page.label}: first useful content`,
        's',
        samples.map((s) => s.useful),
        { target: PHONE_USEFUL_TARGET_S, note: profile },
      ),
      row(
        'phone',
        `${page.label}: ${page.mainLabel}`,
        's',
        samples.map((s) => s.firstPage),
        { target: PHONE_FIRST_PAGE_TARGET_S, note: page.note },
      ),
      row(
        'phone',
        `${page.label}: bytes on the wire`,
        'bytes',
        samples.map((s) => s.bytes),
        {
          target: PHONE_BYTES_TARGET,
          note: `${Math.round(samples.reduce((n, s) => n + s.requests, 0) / samples.length)} requests`,
        },
      ),
    );
  }
  return rows;
}

export const TURN_PAGE_TARGET_S = 2;

/**
 * The "not your turn" page on the phone profile (issue #28): a contract in order (two signers, one
 * group each) whose second signer opens a link before their turn. The page needs no PDF: what counts
 * is when its heading is on screen, and what crossed the wire.
 */
export async function runTurn(ctx: BenchContext): Promise<Row[]> {
  const { buildSpa } = await import('../local/cloud');
  await buildSpa('auto', ctx.log);
  const cloud = await benchCloud(ctx.log);
  const { createDocument, newOwner, uploadPdf } = await import('../test/support/documents');
  const { api } = await import('../test/support/cloud-client');
  const { issueSignerToken } = await import('../lambdas/usecases/signer-tokens');
  const { routingDeps } = await import('../lambdas/deps');
  const owner = await newOwner('en');
  const docuId = await createDocument(owner);
  await uploadPdf(owner, docuId, await contractPdf());
  const call = async (path: string, method: string, body: unknown) => {
    const res = await api(path, { method, token: owner.token, body });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  await call(`/api/documents/${docuId}/recipients`, 'PUT', {
    recipients: [
      { name: 'First Signer', contact: `first-${docuId}@example.com`, group: 1 },
      { name: 'Second Signer', contact: `second-${docuId}@example.com`, group: 2 },
    ],
    finalRecipients: [],
    lang: 'en',
    routing: { order: 'sequential', reminders: null, expiresAt: null, allowDelegation: false },
  });
  await call(`/api/documents/${docuId}/areas`, 'PUT', {
    areas: [
      { recipientIndex: 0, pageIndex: 0, x: 60, y: 60, width: 150, height: 50 },
      { recipientIndex: 1, pageIndex: 0, x: 300, y: 60, width: 150, height: 50 },
    ],
  });
  await call(`/api/documents/${docuId}`, 'PATCH', { title: 'Bench turn', privateinfoAgree: true });
  await call(`/api/documents/${docuId}/send`, 'POST', { lang: 'en' });
  // A link of the second signer before their turn (as a copied one would be).
  const { token, record } = issueSignerToken(docuId, 1, new Date());
  await routingDeps().signers.putToken(record);
  const link = `/en/outsign/${docuId}/${token}`;
  await openOnce(cloud.info.appUrl, link, 'useful');
  const samples: Sample[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    const s = await openOnce(cloud.info.appUrl, link, 'useful');
    samples.push(s);
    ctx.log(
      `turn: run ${i + 1}/${ctx.runs}: useful ${s.useful.toFixed(2)} s, ${(s.bytes / 1000).toFixed(0)} KB`,
    );
  }
  const profile = `380×820, ${PHONE_PROFILE.latencyMs} ms RTT, 1.6 Mbps, ${PHONE_PROFILE.cpuSlowdown}× CPU, no cache`;
  return [
    row(
      'turn',
      '"not your turn" page: first useful content (spinner or heading)',
      's',
      samples.map((s) => s.useful),
      { target: TURN_PAGE_TARGET_S, note: profile },
    ),
    row(
      'turn',
      '"not your turn" page: bytes on the wire',
      'bytes',
      samples.map((s) => s.bytes),
      { note: `${Math.round(samples.reduce((n, s) => n + s.requests, 0) / samples.length)} requests` },
    ),
  ];
}
