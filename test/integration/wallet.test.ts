// The owner's wallet (issue #32) on the running local cloud, over HTTP as the SPA and a wallet would
// use it: Connect by a server-written sign-in message (EIP-4361) signed with a test wallet of the
// local chain (a bad signature, a replayed message and an expired one are refused), a contract
// completed after Connect whose token the chain says the wallet owns, a contract completed without a
// verified wallet (a typed address does not count) whose token the service holds until the owner's
// claim moves it once — two racing claims, one Transfer — and the card, the history and the public
// verification naming the wallet. The chain is read by raw JSON-RPC, not through the product's code.
import { Wallet } from 'ethers';
import { localAccount } from '../../local/chain';
import { api, env, eventually } from '../support/cloud-client';
import { newOwner, readyToSend, sendDocument, signerLinkTo, type Owner } from '../support/documents';
import { makePng } from '../support/png';

// Test wallets of the local chain (2–9); the browser journeys use the first ones.
const WALLET_A = new Wallet(localAccount(8).privateKey);
const WALLET_B = new Wallet(localAccount(9).privateKey);
/** The local chain's minter (dev account 1): the service's address, which holds unclaimed tokens. */
const MINTER = localAccount(1).address;

/** keccak256("Transfer(address,address,uint256)"): ERC-721's Transfer event. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** ownerOf(uint256)'s selector. */
const OWNER_OF = '0x6352211e';

/** Anchoring, a claim's move and the mails take seconds; on two busy cores, allow minutes. */
const SLOW_MS = 180_000;

const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
const addressTopic = (address: string) => `0x${word(address)}`;
const tokenTopic = (tokenId: string) => `0x${word(BigInt(tokenId).toString(16))}`;

/** One raw JSON-RPC call to the local chain. */
async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(env('TEST_CHAIN_RPC_URL'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** ownerOf(tokenId) by eth_call with the hand-encoded selector: the holder, lower case. */
async function ownerOf(tokenId: string): Promise<string> {
  const result = await rpc<string>('eth_call', [
    { to: env('TEST_CHAIN_CONTRACT'), data: `${OWNER_OF}${word(BigInt(tokenId).toString(16))}` },
    'latest',
  ]);
  return `0x${result.slice(-40)}`.toLowerCase();
}

/** Every Transfer event of the token (its mint from zero, every move since). */
async function transfersOf(
  tokenId: string,
): Promise<{ from: string; to: string; transactionHash: string }[]> {
  const logs = await rpc<{ topics: string[]; transactionHash: string }[]>('eth_getLogs', [
    {
      address: env('TEST_CHAIN_CONTRACT'),
      topics: [TRANSFER_TOPIC, null, null, tokenTopic(tokenId)],
      fromBlock: '0x0',
      toBlock: 'latest',
    },
  ]);
  return logs.map((l) => ({ from: l.topics[1]!, to: l.topics[2]!, transactionHash: l.transactionHash }));
}

const errorCode = (res: { body: { error?: { code?: string } } }) => res.body.error?.code;

const challenge = (owner: Owner, address: string) =>
  api('/api/me/wallet/challenge', { method: 'POST', token: owner.token, body: { address } });

const connect = (owner: Owner, message: string, signature: string) =>
  api('/api/me/wallet', { method: 'POST', token: owner.token, body: { message, signature } });

/** Challenge, sign with the wallet, connect: the verified wallet as GET /api/me shows it. */
async function connectWallet(owner: Owner, wallet: Wallet) {
  const asked = await challenge(owner, wallet.address);
  expect(asked.status).toBe(200);
  const res = await connect(owner, asked.body.message, await wallet.signMessage(asked.body.message));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ walletAddress: wallet.address, walletVerifiedAt: expect.any(String) });
  return res.body;
}

const claim = (owner: Owner, docuId: string) =>
  api(`/api/documents/${docuId}/token/claim`, { method: 'POST', token: owner.token });

interface TokenView {
  tokenId: string;
  holder: string;
  held: boolean;
  claim: { to: string; requestedAt: string; status: 'pending' | 'done' | 'failed' } | null;
}

/** The contract's card in the owner's Signed tab. */
async function cardOf(owner: Owner, docuId: string): Promise<{ token?: TokenView | null } | undefined> {
  const res = await api('/api/documents?tab=signed&limit=50', { token: owner.token });
  expect(res.status).toBe(200);
  return (res.body.items as { docuId: string; token?: TokenView | null }[]).find((c) => c.docuId === docuId);
}

/** A contract of this owner sent to one contractor, signed by them: it completes, is sealed and
 *  anchored; answers the card's token once minted. */
async function completedContract(owner: Owner, title: string): Promise<{ docuId: string; token: TokenView }> {
  const { docuId, contact } = await readyToSend(owner, { title, contactPrefix: 'wallet-signer' });
  expect((await sendDocument(owner, docuId)).status).toBe(200);
  const { token } = await signerLinkTo(contact);
  const base = `/api/sign/${docuId}/${token}`;
  const sign = await api(`${base}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 48)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  const applied = await api(`${base}/areas`, {
    method: 'PUT',
    body: { signs: [{ areaIndex: 0, signId: sign.body.signId }] },
  });
  expect(applied.status).toBe(200);
  expect((await api(`${base}/agree`, { method: 'POST', body: { lang: 'en' } })).status).toBe(200);
  const minted = await eventually(
    async () => (await cardOf(owner, docuId))?.token,
    SLOW_MS,
    `the token of ${title}`,
  );
  return { docuId, token: minted };
}

afterAll(async () => {
  // Whatever happened, the cloud's clock goes back for the suites after this one.
  await api('/local/test-clock/reset', { method: 'POST' });
});

describe('Connect (a signed sign-in message)', () => {
  let owner: Owner;

  beforeAll(async () => {
    owner = await newOwner('en', 'Wallet Connector');
  }, SLOW_MS);

  it('writes an EIP-4361 message for this site, the local chain and the wallet, with a nonce and 10 minutes', async () => {
    const asked = await challenge(owner, WALLET_A.address.toLowerCase());
    expect(asked.status).toBe(200);
    const lines = (asked.body.message as string).split('\n');
    const app = new URL(process.env.APP_URL ?? env('TEST_APP_URL'));
    expect(lines[0]).toBe(`${app.host} wants you to sign in with your Ethereum account:`);
    expect(lines[1]).toBe(WALLET_A.address);
    expect(lines).toContain(`URI: ${app.origin}`);
    expect(lines).toContain('Version: 1');
    expect(lines).toContain(`Chain ID: ${env('TEST_CHAIN_ID')}`);
    expect(lines.find((l) => l.startsWith('Nonce: '))).toMatch(/^Nonce: [A-Za-z0-9]{8,}$/);
    const issued = Date.parse(lines.find((l) => l.startsWith('Issued At: '))!.slice('Issued At: '.length));
    const expires = Date.parse(
      lines.find((l) => l.startsWith('Expiration Time: '))!.slice('Expiration Time: '.length),
    );
    expect(expires - issued).toBe(10 * 60_000);
    expect(Date.parse(asked.body.expiresAt)).toBe(expires);
  });

  it('refuses what is not an address (400 invalidAddress) and a caller who is not signed in (401)', async () => {
    const bad = await challenge(owner, '0x1234');
    expect(bad.status).toBe(400);
    expect(errorCode(bad)).toBe('wallet.errors.invalidAddress');
    const anonymous = await api('/api/me/wallet/challenge', {
      method: 'POST',
      body: { address: WALLET_A.address },
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a bad signature: garbage, and the message signed by another wallet (400 badSignature)', async () => {
    const asked = await challenge(owner, WALLET_A.address);
    const garbage = await connect(owner, asked.body.message, `0x${'00'.repeat(65)}`);
    expect(garbage.status).toBe(400);
    expect(errorCode(garbage)).toBe('wallet.errors.badSignature');
    const other = await connect(owner, asked.body.message, await WALLET_B.signMessage(asked.body.message));
    expect(other.status).toBe(400);
    expect(errorCode(other)).toBe('wallet.errors.badSignature');
    const me = await api('/api/me', { token: owner.token });
    expect(me.body).toMatchObject({ walletAddress: null, walletVerifiedAt: null });
  });

  it('refuses a changed message (400 messageInvalid)', async () => {
    const asked = await challenge(owner, WALLET_A.address);
    const changed = (asked.body.message as string).replace(/^Nonce: .+$/m, 'Nonce: 0123456789abcdef');
    const res = await connect(owner, changed, await WALLET_A.signMessage(changed));
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('wallet.errors.messageInvalid');
  });

  it('refuses an expired message (410 challengeExpired) once the cloud’s clock is 11 minutes on', async () => {
    const asked = await challenge(owner, WALLET_A.address);
    const signature = await WALLET_A.signMessage(asked.body.message);
    const moved = await api('/local/test-clock/advance', { method: 'POST', body: { seconds: 11 * 60 } });
    expect(moved.status).toBe(200);
    try {
      const res = await connect(owner, asked.body.message, signature);
      expect(res.status).toBe(410);
      expect(errorCode(res)).toBe('wallet.errors.challengeExpired');
    } finally {
      expect((await api('/local/test-clock/reset', { method: 'POST' })).status).toBe(200);
    }
    const me = await api('/api/me', { token: owner.token });
    expect(me.body.walletAddress).toBeNull();
  });

  it('connects the signing wallet, then refuses the same message and signature again (409 challengeUsed)', async () => {
    const asked = await challenge(owner, WALLET_A.address);
    const signature = await WALLET_A.signMessage(asked.body.message);
    const before = Date.now();

    const res = await connect(owner, asked.body.message, signature);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ walletAddress: WALLET_A.address });
    expect(Date.parse(res.body.walletVerifiedAt)).toBeGreaterThanOrEqual(before - 60_000);
    const replay = await connect(owner, asked.body.message, signature);
    expect(replay.status).toBe(409);
    expect(errorCode(replay)).toBe('wallet.errors.challengeUsed');
    const me = await api('/api/me', { token: owner.token });
    expect(me.body).toMatchObject({
      walletAddress: WALLET_A.address,
      walletVerifiedAt: res.body.walletVerifiedAt,
    });
  });
});

describe('delivery to the verified wallet', () => {
  it('mints the token of a contract completed after Connect to the wallet (ownerOf on chain), not held', async () => {
    const owner = await newOwner('en', 'Wallet Holder');
    await connectWallet(owner, WALLET_A);

    const { docuId, token } = await completedContract(owner, 'Sealed after Connect');

    expect(await ownerOf(token.tokenId)).toBe(WALLET_A.address.toLowerCase());
    expect(token).toMatchObject({ holder: WALLET_A.address, held: false, claim: null });
    const transfers = await transfersOf(token.tokenId);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ from: addressTopic('0x0'), to: addressTopic(WALLET_A.address) });
    // Nothing to claim: it is the owner's already.
    const res = await claim(owner, docuId);
    expect(res.status).toBe(409);
    expect(errorCode(res)).toBe('wallet.errors.notHeld');
  });
});

describe('the claim of a held token', () => {
  let owner: Owner;
  let docuId: string;
  let token: TokenView;

  beforeAll(async () => {
    owner = await newOwner('en', 'Late Wallet');
    // A typed address is not a delivery address: the token is held by the service all the same.
    const typed = await api('/api/me', {
      method: 'PATCH',
      token: owner.token,
      body: { walletAddress: WALLET_B.address },
    });
    expect(typed.status).toBe(200);
    expect(typed.body).toMatchObject({ walletAddress: WALLET_B.address, walletVerifiedAt: null });
    ({ docuId, token } = await completedContract(owner, 'Sealed before Connect'));
  }, 2 * SLOW_MS);

  it('holds the token of a contract completed without a verified wallet at the service’s address', async () => {
    expect(await ownerOf(token.tokenId)).toBe(MINTER.toLowerCase());
    expect(token).toMatchObject({ holder: MINTER, held: true, claim: null });
    const verify = await api(`/api/verify?document=${docuId}`);
    expect(verify.body.chain).toMatchObject({
      state: 'anchored',
      record: { tokenId: token.tokenId, holder: MINTER },
    });
  });

  it('refuses a claim before Connect (409 notConnected) and another owner’s claim (404)', async () => {
    const early = await claim(owner, docuId);
    expect(early.status).toBe(409);
    expect(errorCode(early)).toBe('wallet.errors.notConnected');
    const stranger = await newOwner('en', 'Not The Owner');
    const other = await claim(stranger, docuId);
    expect(other.status).toBe(404);
    expect((await cardOf(owner, docuId))?.token?.claim).toBeNull();
  });

  it('moves it once to the connected wallet when two claims race: one 202, one 409, one Transfer', async () => {
    await connectWallet(owner, WALLET_B);

    const [a, b] = await Promise.all([claim(owner, docuId), claim(owner, docuId)]);

    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([202, 409]);
    const won = a.status === 202 ? a : b;
    const lost = a.status === 202 ? b : a;
    expect(won.body.claim).toMatchObject({ to: WALLET_B.address, status: 'pending' });
    expect(errorCode(lost)).toBe('wallet.errors.claimExists');

    await eventually(
      async () => (await ownerOf(token.tokenId)) === WALLET_B.address.toLowerCase(),
      SLOW_MS,
      'the token to move to the wallet',
    );
    const card = await eventually(
      async () => {
        const c = await cardOf(owner, docuId);
        return c?.token?.claim?.status === 'done' ? c : undefined;
      },
      SLOW_MS,
      'the claim to be recorded done',
    );
    expect(card.token).toMatchObject({
      tokenId: token.tokenId,
      holder: WALLET_B.address,
      held: false,
      claim: { to: WALLET_B.address, status: 'done' },
    });

    const transfers = await transfersOf(token.tokenId);
    const moves = transfers.filter((t) => t.from === addressTopic(MINTER));
    expect(moves).toHaveLength(1);
    expect(moves[0]!.to).toBe(addressTopic(WALLET_B.address));
    expect(transfers).toHaveLength(2); // the mint to the service, the one move

    // A third claim after the move changes nothing.
    const again = await claim(owner, docuId);
    expect(again.status).toBe(409);
    expect(errorCode(again)).toBe('wallet.errors.claimExists');
  });

  it('writes one token_claimed to the history and the verification names the wallet as holder', async () => {
    const history = await eventually(
      async () => {
        const details = await api(`/api/documents/${docuId}/details`, { token: owner.token });
        expect(details.status).toBe(200);
        const items = (details.body.history as { action: string }[]).filter(
          (h) => h.action === 'token_claimed',
        );
        return items.length > 0 ? items : undefined;
      },
      SLOW_MS,
      'the token_claimed history item',
    );
    expect(history).toHaveLength(1);

    const byDocument = await api(`/api/verify?document=${docuId}`);
    expect(byDocument.status).toBe(200);
    expect(byDocument.body.chain).toMatchObject({
      state: 'anchored',
      record: { tokenId: token.tokenId, holder: WALLET_B.address },
    });
    const byHash = await api(`/api/verify?hash=${byDocument.body.hash}`);
    expect(byHash.body.chain.record.holder).toBe(WALLET_B.address);
  });

  it('Disconnect forgets the wallet; the token stays in it', async () => {
    const res = await api('/api/me/wallet', { method: 'DELETE', token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ walletAddress: null, walletVerifiedAt: null });
    expect((await api('/api/me', { token: owner.token })).body).toMatchObject({
      walletAddress: null,
      walletVerifiedAt: null,
    });
    expect(await ownerOf(token.tokenId)).toBe(WALLET_B.address.toLowerCase());
  });
});
