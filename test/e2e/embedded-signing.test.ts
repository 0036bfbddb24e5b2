// Embedded signing (issue #31 item 4) in Chromium against the whole local cloud, as a business's site
// and its customer would use it: a parent page on another origin (a small node server, so a real
// cross-origin frame) that the account allows embeds the session URL; the contractor signs inside the
// frame as a person would, and the parent receives `signseal:signed` from the app's exact origin, with
// the document and recipient and no token. A parent on an origin the account does not allow gets the
// frame refused by Chromium (frame-ancestors). Video Sign works in the frame with allow="camera;
// microphone" and the fake camera. The owner edits the allowed origins in My Info. axe-core finds no
// critical or serious violation on the embedded page or the editor.
import { jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { makePng } from '../support/png';
import { seriousAxeViolations } from '../support/axe';
import { api } from '../support/cloud-client';
import { sendTwoContractorDocument, type Owner, type SentDocument } from '../support/documents';
import { appBaseUrl, launchBrowser, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { signInAt } from './steps';
import { FAKE_CAMERA, videoContract } from './video-steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

interface ParentSite {
  origin: string;
  close(): Promise<void>;
}

/** A business's page: `/?src=<session URL>` frames it (with camera and microphone delegated) and
 *  records every message it receives in `window.__events`, with the sender's origin. */
async function startParentSite(): Promise<ParentSite> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://parent.invalid');
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const src = url.searchParams.get('src') ?? '';
    if (!src.startsWith(appBaseUrl())) {
      res.writeHead(404).end();
      return;
    }
    const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop checkout</title></head>
<body><h1>Shop checkout</h1>
<iframe id="signseal" title="Sign the contract" src="${escaped}" allow="camera; microphone"
  style="width: 100%; height: 1100px; border: 0"></iframe>
<script>
  window.__events = [];
  window.addEventListener('message', (e) => window.__events.push({ origin: e.origin, data: e.data }));
</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const putOrigins = (owner: Owner, origins: string[]) =>
  api('/api/account/embed-origins', { method: 'PUT', token: owner.token, body: { origins } });

async function sessionUrl(
  owner: Owner,
  docuId: string,
  index: number,
  parentOrigin: string,
): Promise<string> {
  const res = await api(`/api/documents/${docuId}/recipients/${index}/embedded-session`, {
    method: 'POST',
    token: owner.token,
    body: { parentOrigin },
  });
  expect(res.status).toBe(201);
  return res.body.url as string;
}

/** A saved sign for the contractor of `token`, so that Sign All applies it at once. */
async function giveSign(docuId: string, token: string): Promise<void> {
  const sign = await api(`/api/sign/${docuId}/${token}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(60, 30)).toString('base64') },
  });
  expect(sign.status).toBe(201);
}

/** Opens the parent page and answers the signing frame once it shows the request popup. */
async function openEmbedded(page: Page, parent: ParentSite, url: string): Promise<Frame> {
  await page.goto(`${parent.origin}/?src=${encodeURIComponent(url)}`);
  const frameEl = await page.waitForSelector('#signseal');
  const frame = (await frameEl.contentFrame())!;
  await frame.getByTestId('sign-request').waitFor({ state: 'visible', timeout: 60000 });
  return frame;
}

const inFrame = (frame: Frame, key: string) => frame.getByRole('button', { name: t(key), exact: true });

/** axe-core inside the frame (evaluated over the DevTools protocol, which the page's CSP does not
 *  govern), critical and serious violations only. */
async function seriousInFrame(frame: Frame): Promise<{ id: string; targets: string[] }[]> {
  const ready = await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!ready) {
    const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await frame.evaluate(`${source}\n;window.axe = axe;`);
  }
  return frame.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (c: unknown) => Promise<Result> } }).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

type Received = { origin: string; data: Record<string, unknown> };
const eventsOf = (page: Page) => page.evaluate(() => (window as unknown as { __events: unknown[] }).__events);

async function waitForEvent(page: Page, type: string): Promise<Received> {
  await page.waitForFunction(
    (wanted) =>
      (window as unknown as { __events: { data: { type?: string } }[] }).__events.some(
        (e) => e.data?.type === wanted,
      ),
    type,
    { timeout: 60000 },
  );
  const events = (await eventsOf(page)) as Received[];
  return events.find((e) => e.data.type === type)!;
}

describe('embedded signing', () => {
  let allowed: ParentSite;
  let other: ParentSite;
  let session: BrowserSession;

  beforeAll(async () => {
    allowed = await startParentSite();
    other = await startParentSite();
  });
  afterAll(async () => {
    await allowed.close();
    await other.close();
  });
  afterEach(async () => {
    await session?.close();
  });

  it('signs inside a frame on an allowed origin and tells the parent at its exact origin', async () => {
    const sent: SentDocument = await sendTwoContractorDocument({
      title: 'Embedded sale agreement',
      names: ['Mia Mail', 'Pat Phone'],
    });
    expect((await putOrigins(sent.owner, [allowed.origin])).status).toBe(200);
    await giveSign(sent.docuId, sent.mailToken);
    const url = await sessionUrl(sent.owner, sent.docuId, 0, allowed.origin);
    session = await launchBrowser({ viewport: { width: 1000, height: 1000 } });
    await session.run(async (page) => {
      const frame = await openEmbedded(page, allowed, url);
      // Inside the frame: the signer flow without the site around it, and no way out of it.
      await expect(frame.locator('header, footer').count()).resolves.toBe(0);
      const request = frame.getByTestId('sign-request');
      await expect(request.getByRole('button', { name: t('common.cancel') }).count()).resolves.toBe(0);
      const sign = request.getByRole('button', { name: t('signer.sign'), exact: true });
      // Touch targets of the signer page: 44 px at least.
      expect((await sign.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await expect(seriousInFrame(frame)).resolves.toEqual([]);
      await expect(frame.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
      await expect(frame.evaluate(() => document.title.length > 0)).resolves.toBe(true);

      await sign.click();
      await inFrame(frame, 'signer.signAll').click();
      await frame.getByText(t('signer.allSigned'), { exact: true }).waitFor({ timeout: 30000 });
      await inFrame(frame, 'signer.next').click();
      const terms = frame.getByTestId('terms-dialog');
      await terms.waitFor({ state: 'visible', timeout: 30000 });
      await terms.getByTestId('terms-text').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await terms.getByRole('button', { name: t('signer.confirm'), exact: true }).click();
      await frame.getByText(t('signing.completed'), { exact: true }).waitFor({ timeout: 30000 });
      // The end screen offers no link away from the flow.
      await expect(frame.getByRole('link', { name: t('signing.goHome') }).count()).resolves.toBe(0);
      await expect(seriousInFrame(frame)).resolves.toEqual([]);

      const signed = await waitForEvent(page, 'signseal:signed');
      expect(signed).toEqual({
        origin: new URL(appBaseUrl()).origin,
        data: { type: 'signseal:signed', docuId: sent.docuId, recipientIndex: 0 },
      });
      expect(JSON.stringify(await eventsOf(page))).not.toContain(url.split('/').pop()!);
      // The parent page itself passes axe too (its frame has a title).
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
    const doc = await api(`/api/documents/${sent.docuId}`, { token: sent.owner.token });
    expect(doc.body.recipients[0].agreement).toBe(1);
    expect(session.unexpectedProblems()).toEqual([]);
  });

  it('is refused by the browser in a frame on an origin the account does not allow', async () => {
    const sent = await sendTwoContractorDocument({ title: 'Not here', names: ['Mia Mail', 'Pat Phone'] });
    expect((await putOrigins(sent.owner, [allowed.origin])).status).toBe(200);
    const url = await sessionUrl(sent.owner, sent.docuId, 0, allowed.origin);
    session = await launchBrowser();
    await session.run(async (page) => {
      const violation = page.waitForEvent('console', {
        predicate: (m) => /frame-ancestors/.test(m.text()),
        timeout: 60000,
      });
      await page.goto(`${other.origin}/?src=${encodeURIComponent(url)}`);
      expect((await violation).text()).toContain(allowed.origin);
      const frame = (await (await page.waitForSelector('#signseal')).contentFrame())!;
      await expect(
        frame.locator('[data-testid=signer-page], [data-testid=embed-page]').count(),
      ).resolves.toBe(0);
      await expect(eventsOf(page)).resolves.toEqual([]);
    });
    // The session was never opened by the refused frame's page (its request may reach the server, but
    // nothing renders): the contractor has not answered.
    const doc = await api(`/api/documents/${sent.docuId}`, { token: sent.owner.token });
    expect(doc.body.recipients[0].agreement ?? 0).toBe(0);
  });

  it('records the Video Sign agreement inside the frame with the delegated camera', async () => {
    const sent = await videoContract('Embedded video lease');
    expect((await putOrigins(sent.owner, [allowed.origin])).status).toBe(200);
    const url = await sessionUrl(sent.owner, sent.docuId, 0, allowed.origin);
    session = await launchBrowser({ extraArgs: FAKE_CAMERA, viewport: { width: 1000, height: 1000 } });
    await session.run(async (page) => {
      const frame = await openEmbedded(page, allowed, url);
      await frame
        .getByTestId('sign-request')
        .getByRole('button', { name: t('signer.sign'), exact: true })
        .click();
      await inFrame(frame, 'signer.signAll').click();
      await frame.getByText(t('signer.allSigned'), { exact: true }).waitFor({ timeout: 30000 });
      await inFrame(frame, 'signer.next').click();
      await frame.getByTestId('video-recorder').waitFor({ state: 'visible', timeout: 30000 });
      // The camera works in the frame: the preview has a live stream.
      await frame.waitForFunction(
        () => (document.querySelector('[data-testid=video-preview]') as HTMLVideoElement | null)?.srcObject,
        undefined,
        { timeout: 30000 },
      );
      await expect(
        frame.evaluate(
          () =>
            (
              document as Document & { featurePolicy?: { allowsFeature(f: string): boolean } }
            ).featurePolicy?.allowsFeature('camera') ?? true,
        ),
      ).resolves.toBe(true);
      const main = frame.getByTestId('video-main');
      await main.click();
      await frame.getByTestId('video-rec').waitFor({ state: 'visible', timeout: 20000 });
      // Recording for a couple of seconds is the behaviour under test, not a wait for a condition.
      await page.waitForTimeout(2500);
      await main.click();
      await frame.getByTestId('video-playback').waitFor({ state: 'visible', timeout: 20000 });
      await inFrame(frame, 'video.recorder.uploadFinish').click();
      const terms = frame.getByTestId('terms-dialog');
      await terms.waitFor({ state: 'visible', timeout: 60000 });
      await terms.getByTestId('terms-text').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await terms.getByRole('button', { name: t('signer.confirm'), exact: true }).click();
      const signed = await waitForEvent(page, 'signseal:signed');
      expect(signed.data).toEqual({ type: 'signseal:signed', docuId: sent.docuId, recipientIndex: 0 });
    });
    expect(session.unexpectedProblems()).toEqual([]);
  });

  it('lets the owner add, refuse and remove allowed origins in My Info', async () => {
    const sent = await sendTwoContractorDocument({ title: 'Origins editor', names: ['A', 'B'] });
    const owner = sent.owner;
    session = await launchBrowser();
    await session.run(async () => {
      const page = await signInAt(session, owner, '/en/home/mypage/myinfo');
      const editor = page.getByTestId('embed-origins');
      await editor.waitFor({ state: 'visible', timeout: 30000 });
      await editor.getByText(t('embed.origins.none'), { exact: true }).waitFor();
      const input = editor.getByLabel(t('embed.origins.label'), { exact: true });
      const add = editor.getByRole('button', { name: t('embed.origins.add'), exact: true });

      await input.fill('shop.example.com/checkout');
      await add.click();
      await editor.getByText(t('embed.errors.notOrigin'), { exact: true }).waitFor();
      await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
      await input.fill('http://shop.example.com');
      await add.click();
      await editor.getByText(t('embed.errors.notHttps'), { exact: true }).waitFor();
      expect(await seriousAxeViolations(page, '[data-testid="embed-origins"]')).toEqual([]);

      await input.fill('https://Shop.Example.com/');
      await add.click();
      await editor.getByText('https://shop.example.com', { exact: true }).waitFor();
      await input.fill('https://shop.example.com');
      await add.click();
      await editor.getByText(t('embed.errors.duplicate'), { exact: true }).waitFor();
      await input.fill('https://crm.example.org:8443');
      await add.click();
      await editor.getByText('https://crm.example.org:8443', { exact: true }).waitFor();
      await editor.getByRole('button', { name: t('embed.origins.save'), exact: true }).click();
      await editor.getByText(t('embed.origins.saved'), { exact: true }).waitFor();
      expect((await api('/api/account/embed-origins', { token: owner.token })).body.origins).toEqual([
        'https://shop.example.com',
        'https://crm.example.org:8443',
      ]);

      await editor
        .getByRole('button', { name: t('embed.origins.remove', { origin: 'https://shop.example.com' }) })
        .click();
      await editor.getByRole('button', { name: t('embed.origins.save'), exact: true }).click();
      await editor.getByText(t('embed.origins.saved'), { exact: true }).waitFor();
      expect((await api('/api/account/embed-origins', { token: owner.token })).body.origins).toEqual([
        'https://crm.example.org:8443',
      ]);
      expect(await seriousAxeViolations(page, '[data-testid="embed-origins"]')).toEqual([]);
    });
    expect(session.unexpectedProblems()).toEqual([]);
  });
});
