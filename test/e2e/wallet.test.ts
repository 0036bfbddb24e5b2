// Issue #32 as a person does it, on a 380 px phone, with a browser wallet injected into Chromium (an
// EIP-1193 provider backed by a local test key of the local chain: test/support/injected-wallet.ts),
// against the whole local cloud and its ganache chain:
// 1. My Info with no wallet in the browser: Connect says no wallet was found and nothing breaks; a
//    typed (and saved) address is shown as not verified.
// 2. A contract sealed then: its token is held by SignSeal, not minted to the typed address.
// 3. Connect: the wallet cancelling (the account prompt, then the signature prompt), a wallet signing
//    with another key, and a sign-in message that waits in the wallet past its 10 minutes (the local
//    test clock) are each refused with their message; then Connect verifies the wallet; the same
//    signed message sent again is refused (409).
// 4. A contract sealed after Connect: its token's ownerOf (raw JSON-RPC) is the wallet.
// 5. The earlier token: "held by SignSeal" and Claim on its card in the signed tab; Claim pressed
//    while a second claim races it through the API: exactly one wins, the token moves once (one
//    Transfer to the wallet) and the card says it is in the wallet.
// 6. The public verify page names the wallet as the token's holder.
// 7. In Japanese, My Info is titled and worded in Japanese; Disconnect brings Connect back.
// 8. With no wallet connected, Claim of a held token says to connect first and links to My Info.
// axe-core finds no critical or serious violation on My Info in each wallet state or on the signed tab
// with the token line; the new buttons are at least 44 px touch targets and fit the 380 px page.
import { jest } from '@jest/globals';
import { getAddress, id as keccakId, verifyMessage, Wallet } from 'ethers';
import type { Locator, Page } from 'playwright-core';
import { localAccount } from '../../local/chain';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { api, env, eventually } from '../support/cloud-client';
import { newOwner, readyToSend, sendDocument, signerLinkTo, type Owner } from '../support/documents';
import { injectWallet, type InjectedWallet } from '../support/injected-wallet';
import { makePng } from '../support/png';
import { text } from './catalogue';
import { expectPath, signInAt } from './steps';

jest.setTimeout(420000);

const en = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const ja = (key: string, options?: Record<string, unknown>) => text('ja', key, options);
const WAIT = { timeout: 30000 };
const PHONE = { width: 380, height: 820 };
/** Sealing, time-stamping and minting on two busy cores. */
const SEALED_WITHIN_MS = 240000;

const MY_INFO = '/en/home/mypage/myinfo';
const SIGNED_TAB = '/en/home/doc/signed';
/** The wallet of this journey, and an address its owner only types (never signs for). */
const WALLET_ACCOUNT = localAccount(7);
const TYPED_ACCOUNT = localAccount(9);
/** The local chain's minter (dev account 1): the service's address, which holds unclaimed tokens. */
const SERVICE_ADDRESS = localAccount(1).address;
/** Refusals this journey provokes on purpose appear as failed loads in the console. */
const EXPECTED_REFUSALS = [/status of (400|409|410)\b/];

// ---- the chain, read raw (JSON-RPC over fetch, no ethers provider) ----

let rpcId = 0;
async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(env('TEST_CHAIN_RPC_URL'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message?: string } };
  if (body.error || body.result === undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

const word = (value: bigint) => value.toString(16).padStart(64, '0');
const addressOfWord = (hex: string) => getAddress(`0x${hex.slice(-40)}`);
/** ERC-721 ownerOf(uint256): selector 0x6352211e. */
async function ownerOf(tokenId: string): Promise<string> {
  const result = await rpc<string>('eth_call', [
    { to: env('TEST_CHAIN_CONTRACT'), data: `0x6352211e${word(BigInt(tokenId))}` },
    'latest',
  ]);
  return addressOfWord(result);
}
const TRANSFER_TOPIC = keccakId('Transfer(address,address,uint256)');
/** Every Transfer event of the token (mint included), oldest first. */
async function transfersOf(tokenId: string): Promise<{ from: string; to: string }[]> {
  const logs = await rpc<{ topics: string[] }[]>('eth_getLogs', [
    {
      address: env('TEST_CHAIN_CONTRACT'),
      fromBlock: '0x0',
      toBlock: 'latest',
      topics: [TRANSFER_TOPIC, null, null, `0x${word(BigInt(tokenId))}`],
    },
  ]);
  return logs.map((log) => ({ from: addressOfWord(log.topics[1]!), to: addressOfWord(log.topics[2]!) }));
}

// ---- contracts, made quickly through the API ----

interface Token {
  tokenId: string;
  holder: string;
  held: boolean;
  claim: { to: string; status: 'pending' | 'done' | 'failed' } | null;
}

/** A one-contractor contract, sent and signed by its contractor through the API (the signer flow has
 *  its own journeys): the seal worker completes it and the anchor worker mints its token. */
async function completeContract(owner: Owner, title: string): Promise<string> {
  const { docuId, contact } = await readyToSend(owner, { title, name: 'Cora Contractor' });
  expect((await sendDocument(owner, docuId)).status).toBe(200);
  const base = `/api/sign/${docuId}/${(await signerLinkTo(contact)).token}`;
  const sign = await api(`${base}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 48)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  const areas = await api(`${base}/areas`, {
    method: 'PUT',
    body: { signs: [{ areaIndex: 0, signId: sign.body.signId }] },
  });
  expect(areas.status).toBe(200);
  expect((await api(`${base}/agree`, { method: 'POST', body: { lang: 'en' } })).status).toBe(200);
  return docuId;
}

/** The owner's card of the contract in the signed tab (GET /api/documents). */
async function cardToken(owner: Owner, docuId: string): Promise<Token | null> {
  const res = await api('/api/documents?tab=signed&limit=50', { token: owner.token });
  expect(res.status).toBe(200);
  const card = (res.body.items as { docuId: string; token?: Token | null }[]).find(
    (c) => c.docuId === docuId,
  );
  return card?.token ?? null;
}

const waitForToken = (
  owner: Owner,
  docuId: string,
  what: string,
  ready: (t: Token) => boolean = () => true,
) =>
  eventually(
    async () => {
      const token = await cardToken(owner, docuId);
      return token && ready(token) ? token : null;
    },
    SEALED_WITHIN_MS,
    what,
  );

// ---- the page ----

/** Waits until the element with this test id says exactly `wanted`; fails saying what it said. */
async function expectTestIdText(scope: Page | Locator, testId: string, wanted: string): Promise<void> {
  const element = scope.getByTestId(testId);
  try {
    await element.filter({ hasText: wanted }).first().waitFor(WAIT);
  } catch {
    // falls through to the comparison, which says what the element said instead
  }
  const said = (await element.allTextContents()).map((s) => s.trim());
  expect(said).toContain(wanted);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A touch target: at least 44 × 44 CSS px, and within the 380 px page. */
async function expectTouchTarget(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  const label = (await target.textContent())?.trim();
  expect({ label, height: Math.round(box!.height) >= 44, width: Math.round(box!.width) >= 44 }).toEqual({
    label,
    height: true,
    width: true,
  });
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

/** Nothing of these elements (or in them) reaches past the 380 px or scrolls sideways. */
async function expectFits(page: Page, selector: string): Promise<void> {
  const overflowing = await page.evaluate(
    (sel) =>
      [...document.querySelectorAll(`${sel}, ${sel} *`)]
        .filter(
          (el) => el.getBoundingClientRect().right > window.innerWidth || el.scrollWidth > el.clientWidth + 1,
        )
        .map((el) => el.outerHTML.slice(0, 100)),
    selector,
  );
  expect(overflowing).toEqual([]);
}

async function expectNoSeriousAxe(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

const connectButton = (page: Page, label = en('wallet.connect')) =>
  page.getByTestId('wallet-connect-button').filter({ hasText: label });

describe('wallet: Connect by a signed message, tokens to the verified wallet, claim of a held token', () => {
  let owner: Owner;
  let phone: BrowserSession;
  let page: Page;
  let wallet: InjectedWallet;
  /** Sealed while only a typed address was saved: held by SignSeal. */
  let heldDocuId: string;
  let heldToken: Token;
  /** Sealed after Connect: minted to the wallet. */
  let mintedDocuId: string;
  let clockMoved = false;

  beforeAll(async () => {
    owner = await newOwner('en', 'Wendy Wallet');
    phone = await launchBrowser({ locale: 'en-US', viewport: PHONE, touch: true });
  });

  afterAll(async () => {
    if (clockMoved) await api('/local/test-clock/reset', { method: 'POST' });
    await phone?.close();
  });

  test('with no wallet in the browser, Connect says so and nothing breaks; a typed address is not verified', () =>
    phone.run(async () => {
      page = await signInAt(phone, owner, MY_INFO);
      const field = page.getByLabel(en('myPage.myInfo.wallet'), { exact: true });
      await field.waitFor(WAIT);
      expect(await page.evaluate(() => 'ethereum' in window)).toBe(false);
      // Nothing typed: no note, and Connect.
      expect(await page.getByTestId('wallet-unverified').count()).toBe(0);
      await expectTouchTarget(connectButton(page));
      await expectNoSeriousAxe(page);

      await connectButton(page).click();
      await expectTestIdText(page, 'wallet-error', en('wallet.noWallet'));
      expect(
        await page
          .getByRole('alert')
          .filter({ hasText: en('wallet.noWallet') })
          .count(),
      ).toBe(1);
      await expectNoSeriousAxe(page);
      await expectFits(page, '[data-testid="wallet-connect"]');

      // A typed address (someone's, never signed for) is shown as not verified, and can be saved.
      await field.fill(TYPED_ACCOUNT.address);
      await expectTestIdText(page, 'wallet-unverified', en('wallet.unverified'));
      await page.getByRole('button', { name: en('myPage.myInfo.save'), exact: true }).click();
      await expectTestIdText(page, 'my-info-status', en('account.profileSaved'));
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expectTestIdText(page, 'wallet-unverified', en('wallet.unverified'));
      expect(await field.inputValue()).toBe(TYPED_ACCOUNT.address);
      expect(await field.isEditable()).toBe(true);
      const me = await api('/api/me', { token: owner.token });
      expect(me.body.walletAddress).toBe(TYPED_ACCOUNT.address);
      expect(me.body.walletVerifiedAt ?? null).toBeNull();
      await expectNoSeriousAxe(page);
      await expectFits(page, '[data-testid="wallet-connect"]');
      expect(phone.unexpectedProblems()).toEqual([]);
    }));

  test('a contract sealed while only a typed address is saved: its token is held by SignSeal', async () => {
    heldDocuId = await completeContract(owner, `Held lease ${Date.now()}`);
    heldToken = await waitForToken(owner, heldDocuId, 'the token of the contract sealed before Connect');
    expect(heldToken.held).toBe(true);
    expect(heldToken.claim).toBeNull();
    expect(getAddress(heldToken.holder)).toBe(SERVICE_ADDRESS);
    // On the chain: the service holds it; the typed address received nothing.
    expect(await ownerOf(heldToken.tokenId)).toBe(SERVICE_ADDRESS);
    expect(await transfersOf(heldToken.tokenId)).toEqual([
      { from: getAddress(`0x${'0'.repeat(40)}`), to: SERVICE_ADDRESS },
    ]);
  });

  test('Connect: cancelled, wrong key and expired are refused with their messages; then the wallet is verified, once', () =>
    phone.run(async () => {
      const chainId = Number(env('TEST_CHAIN_ID'));
      wallet = await injectWallet(page, {
        privateKey: WALLET_ACCOUNT.privateKey,
        chainId,
        mode: 'reject',
        wrongKey: localAccount(8).privateKey,
      });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await connectButton(page).waitFor(WAIT);
      expect(await page.evaluate(() => 'ethereum' in window)).toBe(true);

      // The owner cancels the account prompt.
      await connectButton(page).click();
      await expectTestIdText(page, 'wallet-error', en('wallet.rejected'));
      expect(wallet.requests.map((r) => r.method)).toContain('eth_requestAccounts');
      expect(wallet.requests.map((r) => r.method)).not.toContain('personal_sign');
      await expectNoSeriousAxe(page);

      // The wallet names its address but signs with another key.
      wallet.mode = 'wrongKey';
      await connectButton(page).click();
      await expectTestIdText(page, 'wallet-error', en('wallet.errors.badSignature'));
      expect(await page.getByTestId('wallet-verified').count()).toBe(0);

      // The site may see the account now; the owner cancels the signature prompt.
      wallet.mode = 'reject';
      const asked = wallet.requests.length;
      await connectButton(page).click();
      await expectTestIdText(page, 'wallet-error', en('wallet.rejected'));
      expect(wallet.requests.slice(asked).map((r) => r.method)).toContain('personal_sign');

      // The message waits in the wallet for more than its 10 minutes of the server's (test) clock.
      wallet.mode = 'approve';
      const held = wallet.holdNextSignature();
      await connectButton(page, en('wallet.connect')).click();
      await page
        .getByTestId('wallet-connect-button')
        .filter({ hasText: en('wallet.connecting') })
        .waitFor(WAIT);
      const message = await held.asked;
      clockMoved = true;
      const moved = await api('/local/test-clock/advance', { method: 'POST', body: { seconds: 11 * 60 } });
      expect(moved.status).toBe(200);
      held.release();
      await expectTestIdText(page, 'wallet-error', en('wallet.errors.challengeExpired'));
      expect((await api('/local/test-clock/reset', { method: 'POST' })).status).toBe(200);
      clockMoved = false;
      // The message the server wrote: EIP-4361, for this site, this chain and this wallet.
      const app = new URL(env('TEST_APP_URL'));
      const lines = message.split('\n');
      expect(lines[0]).toBe(`${app.host} wants you to sign in with your Ethereum account:`);
      expect(lines[1]).toBe(wallet.address);
      expect(lines).toContain(`URI: ${app.origin}`);
      expect(lines).toContain(`Chain ID: ${chainId}`);
      expect(await page.getByTestId('wallet-verified').count()).toBe(0);

      // Connect, approved: Verified, the address shown (read-only), the server keeps it.
      const sent = page.waitForRequest(
        (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/me/wallet',
        WAIT,
      );
      await connectButton(page).click();
      const signedBody = (await sent).postDataJSON() as { message: string; signature: string };
      await page.getByTestId('wallet-verified').waitFor(WAIT);
      await expectTestIdText(page, 'wallet-verified', en('wallet.verified'));
      expect(await page.getByTestId('wallet-error').count()).toBe(0);
      const field = page.getByLabel(en('myPage.myInfo.wallet'), { exact: true });
      expect(await field.inputValue()).toBe(wallet.address);
      expect(await field.isEditable()).toBe(false);
      expect(await page.getByTestId('wallet-unverified').count()).toBe(0);
      await expectTouchTarget(page.getByTestId('wallet-disconnect'));
      await expectFits(page, '[data-testid="wallet-connect"]');
      await expectNoSeriousAxe(page);
      const me = await api('/api/me', { token: owner.token });
      expect(me.body.walletAddress).toBe(wallet.address);
      expect(typeof me.body.walletVerifiedAt).toBe('string');
      // What the wallet signed is what the page sent, and it recovers to the wallet.
      expect(wallet.signed.at(-1)).toEqual(signedBody);
      expect(verifyMessage(signedBody.message, signedBody.signature)).toBe(wallet.address);

      // The same signed message again (a replay): its nonce is spent.
      const replay = await api('/api/me/wallet', { method: 'POST', token: owner.token, body: signedBody });
      expect(replay.status).toBe(409);
      expect(replay.body.error.code).toBe('wallet.errors.challengeUsed');
      // A message the server did not write (its nonce changed), properly signed, is refused.
      const fresh = await api('/api/me/wallet/challenge', {
        method: 'POST',
        token: owner.token,
        body: { address: wallet.address },
      });
      expect(fresh.status).toBe(200);
      const changed = (fresh.body.message as string).replace(/^Nonce: \w+$/m, 'Nonce: 0123456789abcdef');
      expect(changed).not.toBe(fresh.body.message);
      const refused = await api('/api/me/wallet', {
        method: 'POST',
        token: owner.token,
        body: {
          message: changed,
          signature: await new Wallet(WALLET_ACCOUNT.privateKey).signMessage(changed),
        },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('wallet.errors.messageInvalid');
      expect((await api('/api/me', { token: owner.token })).body.walletAddress).toBe(wallet.address);
      expect(phone.unexpectedProblems(EXPECTED_REFUSALS)).toEqual([]);
    }));

  test('a contract sealed after Connect: its token is minted to the wallet (ownerOf, raw JSON-RPC)', () =>
    phone.run(async () => {
      mintedDocuId = await completeContract(owner, `Wallet lease ${Date.now()}`);
      const token = await waitForToken(owner, mintedDocuId, 'the token of the contract sealed after Connect');
      expect(token.held).toBe(false);
      expect(getAddress(token.holder)).toBe(wallet.address);
      expect(await ownerOf(token.tokenId)).toBe(wallet.address);
      expect(await transfersOf(token.tokenId)).toEqual([
        { from: getAddress(`0x${'0'.repeat(40)}`), to: wallet.address },
      ]);

      await openApp(phone, SIGNED_TAB);
      await expectPath(page, SIGNED_TAB);
      const card = page.getByTestId(`contract-${mintedDocuId}`);
      await card.waitFor(WAIT);
      await expectTestIdText(
        card,
        'token-status',
        en('wallet.token.holder', { id: token.tokenId, holder: token.holder }),
      );
      expect(await card.getByTestId('token-claim').count()).toBe(0);
    }));

  test('the earlier token: Claim while a second claim races it moves it once, to the wallet', () =>
    phone.run(async () => {
      const id = heldToken.tokenId;
      await openApp(phone, SIGNED_TAB);
      const card = page.getByTestId(`contract-${heldDocuId}`);
      await card.waitFor(WAIT);
      await expectTestIdText(card, 'token-status', en('wallet.token.held', { id }));
      const claim = card.getByRole('button', { name: en('wallet.token.claim'), exact: true });
      await expectTouchTarget(claim);
      await expectFits(page, '[data-testid="token-line"]');
      await expectNoSeriousAxe(page);

      // Claim pressed, and a second claim of the same token sent through the API as soon as the page's
      // is on its way: both are in flight at once. Either may win; exactly one must.
      const path = `/api/documents/${heldDocuId}/token/claim`;
      const isClaim = (r: { method(): string; url(): string }) =>
        r.method() === 'POST' && new URL(r.url()).pathname === path;
      const leaving = page.waitForRequest(isClaim, WAIT);
      const pressed = page.waitForResponse((r) => isClaim(r.request()), WAIT);
      const [raced] = await Promise.all([
        leaving.then(() => api(path, { method: 'POST', token: owner.token })),
        claim.click(),
      ]);
      const fromPage = await pressed;
      const statuses = [fromPage.status(), raced.status].sort();
      expect(statuses).toEqual([202, 409]);
      const loser = fromPage.status() === 409 ? ((await fromPage.json()) as typeof raced.body) : raced.body;
      expect(loser.error.code).toBe('wallet.errors.claimExists');
      if (fromPage.status() === 202) {
        // The card says at once that the token is moving, and Claim is gone.
        // (the worker may already have moved it by then).
        const where = [
          en('wallet.token.pending', { id, to: wallet.address }),
          en('wallet.token.inWallet', { id, to: wallet.address }),
        ];
        const status = card.getByTestId('token-status');
        await status.filter({ hasText: new RegExp(where.map(escapeRegExp).join('|')) }).waitFor(WAIT);
        expect(where).toContain((await status.textContent())?.trim());
        expect(await card.getByTestId('token-claim').count()).toBe(0);
      } else {
        // The page lost: it says so, reads the card again, shows the token moving, and Claim is gone.
        await expectTestIdText(card, 'token-error', en('wallet.errors.claimExists'));
        await expectTestIdText(card, 'token-status', en('wallet.token.pending', { id, to: wallet.address }));
        expect(await card.getByTestId('token-claim').count()).toBe(0);
      }
      await expectNoSeriousAxe(page);

      // The anchor worker moves it; the card read again says it is in the wallet.
      await waitForToken(
        owner,
        heldDocuId,
        'the claimed token to be moved',
        (t) => t.claim?.status === 'done',
      );
      await page.reload({ waitUntil: 'domcontentloaded' });
      await card.waitFor(WAIT);
      await expectTestIdText(card, 'token-status', en('wallet.token.inWallet', { id, to: wallet.address }));
      expect(await card.getByTestId('token-claim').count()).toBe(0);
      await expectFits(page, '[data-testid="token-line"]');
      await expectNoSeriousAxe(page);

      // On the chain: the wallet holds it, moved once from the service's address.
      expect(await ownerOf(id)).toBe(wallet.address);
      expect(await transfersOf(id)).toEqual([
        { from: getAddress(`0x${'0'.repeat(40)}`), to: SERVICE_ADDRESS },
        { from: SERVICE_ADDRESS, to: wallet.address },
      ]);
      // A third claim is refused: the token was claimed.
      const again = await api(path, { method: 'POST', token: owner.token });
      expect(again.status).toBe(409);
      expect(phone.unexpectedProblems(EXPECTED_REFUSALS)).toEqual([]);
    }));

  test('the public verify page names the wallet as the holder', () =>
    phone.run(async () => {
      await openApp(phone, `/en/verify?document=${encodeURIComponent(heldDocuId)}`);
      const term = page.locator('dt').filter({ hasText: en('verify.chain.holder') });
      await term.waitFor(WAIT);
      const holder = await term.evaluate((dt) => dt.nextElementSibling?.textContent?.trim() ?? null);
      expect(holder).toBe(wallet.address);
      await expectNoSeriousAxe(page);
    }));

  test('in Japanese, My Info is titled and worded in Japanese; Disconnect brings Connect back', () =>
    phone.run(async () => {
      await openApp(phone, '/jp/home/mypage/myinfo');
      await expectPath(page, '/jp/home/mypage/myinfo');
      await page.waitForFunction((wanted) => document.title.includes(wanted), ja('titles.myPage'), WAIT);
      await expectTestIdText(page, 'wallet-verified', ja('wallet.verified'));
      const disconnect = page.getByRole('button', { name: ja('wallet.disconnect'), exact: true });
      await expectTouchTarget(disconnect);
      await expectNoSeriousAxe(page);

      await disconnect.click();
      const connect = connectButton(page, ja('wallet.connect'));
      await connect.waitFor(WAIT);
      await expectTouchTarget(connect);
      expect(await page.getByTestId('wallet-verified').count()).toBe(0);
      const field = page.getByLabel(ja('myPage.myInfo.wallet'), { exact: true });
      expect(await field.inputValue()).toBe('');
      expect(await field.isEditable()).toBe(true);
      await field.fill(TYPED_ACCOUNT.address);
      await expectTestIdText(page, 'wallet-unverified', ja('wallet.unverified'));
      await expectFits(page, '[data-testid="wallet-connect"]');
      await expectNoSeriousAxe(page);
      const me = await api('/api/me', { token: owner.token });
      expect(me.body.walletAddress ?? null).toBeNull();
      expect(me.body.walletVerifiedAt ?? null).toBeNull();

      // Tokens already delivered stay in the wallet; the claimed one never moved a second time.
      expect(await ownerOf(heldToken.tokenId)).toBe(wallet.address);
      expect((await transfersOf(heldToken.tokenId)).length).toBe(2);
      expect(phone.unexpectedProblems(EXPECTED_REFUSALS)).toEqual([]);
    }));

  test('with no wallet connected, Claim says to connect first and links to My Info', () =>
    phone.run(async () => {
      const docuId = await completeContract(owner, `Unclaimed lease ${Date.now()}`);
      const token = await waitForToken(owner, docuId, 'the token of the contract sealed after Disconnect');
      expect(token.held).toBe(true);
      expect(await ownerOf(token.tokenId)).toBe(SERVICE_ADDRESS);

      await openApp(phone, SIGNED_TAB);
      const card = page.getByTestId(`contract-${docuId}`);
      await card.waitFor(WAIT);
      await card.getByRole('button', { name: en('wallet.token.claim'), exact: true }).click();
      const error = card.getByTestId('token-error');
      await error.filter({ hasText: en('wallet.errors.notConnected') }).waitFor(WAIT);
      expect(await error.getAttribute('role')).toBe('alert');
      await expectFits(page, '[data-testid="token-line"]');
      await expectNoSeriousAxe(page);
      // Nothing was asked for: the token stays with the service, and Claim is still offered.
      expect((await cardToken(owner, docuId))?.claim ?? null).toBeNull();
      expect(await ownerOf(token.tokenId)).toBe(SERVICE_ADDRESS);

      await error.getByRole('link', { name: en('wallet.token.myInfo'), exact: true }).click();
      await expectPath(page, MY_INFO);
      await connectButton(page).waitFor(WAIT);
      expect(phone.unexpectedProblems(EXPECTED_REFUSALS)).toEqual([]);
    }));
});
