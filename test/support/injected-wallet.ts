// A browser wallet for the journeys (issue #32 item 4): `window.ethereum`, a minimal EIP-1193 provider
// backed by a local test key, so that Connect (Sign-In with Ethereum) is tested end to end offline.
//
// The page gets the provider from an init script (it runs before the SPA on every navigation, and the
// page's CSP does not govern it); each `request` goes to Node through one exposed function, where the
// key signs with ethers' Wallet and where the test can change the wallet's behaviour while the page is
// open: approve (a real wallet whose owner says yes), reject (the owner cancels: EIP-1193 error 4001),
// wrongKey (the wallet names its address but signs with another key: a bad signature), and a hold of
// the next signature (the sign-in message waits in the "wallet" until the test releases it).
//
// Like a real wallet, it exposes no account until the site has asked (eth_requestAccounts) and the
// owner has said yes; it remembers that across reloads of the page. Methods it does not know are
// refused with 4200, and every request is recorded (method and params) for the test to read.
import { getBytes, isHexString, toUtf8String, Wallet } from 'ethers';
import type { Page } from 'playwright-core';

export type WalletMode = 'approve' | 'reject' | 'wrongKey';

export interface WalletRequest {
  readonly method: string;
  readonly params: readonly unknown[];
}

export interface InjectedWalletOptions {
  /** The key of the wallet's account (e.g. `localAccount(N).privateKey` of local/chain.ts). */
  readonly privateKey: string;
  /** The chain the wallet is on (eth_chainId, net_version). */
  readonly chainId: number;
  /** How the wallet answers prompts at first. @default 'approve' */
  readonly mode?: WalletMode;
  /** The key that signs in 'wrongKey' mode. @default - a fresh random key */
  readonly wrongKey?: string;
}

export interface InjectedWallet {
  /** The account's EIP-55 address. */
  readonly address: string;
  /** How the wallet answers the next prompts (eth_requestAccounts, personal_sign); may be changed. */
  mode: WalletMode;
  /** Every request the page made, in order. */
  readonly requests: readonly WalletRequest[];
  /** The messages signed so far (UTF-8), with the signature given to the page. */
  readonly signed: readonly { message: string; signature: string }[];
  /** Holds the next personal_sign: `asked` resolves with the message once the page asks for it; the
   *  wallet answers only after `release()`. */
  holdNextSignature(): { asked: Promise<string>; release(): void };
  /** Forgets the site's permission (eth_accounts answers [] again until eth_requestAccounts). */
  forgetSite(): void;
}

/** EIP-1193 errors (https://eips.ethereum.org/EIPS/eip-1193#provider-errors). */
const USER_REJECTED = { code: 4001, message: 'User rejected the request.' };
const UNAUTHORIZED = { code: 4100, message: 'The requested account has not been authorized by the user.' };
const UNSUPPORTED = { code: 4200, message: 'The wallet does not support this method.' };

type Answer = { result: unknown } | { error: { code: number; message: string } };

let bindings = 0;

/** The text personal_sign signs: params[0] is hex-encoded bytes (what ethers and most sites send). */
function messageBytes(raw: unknown): Uint8Array {
  if (typeof raw !== 'string') throw new Error('personal_sign: the message is not a string');
  return isHexString(raw) && raw.length % 2 === 0 ? getBytes(raw) : new TextEncoder().encode(raw);
}

/**
 * Gives the page a `window.ethereum` backed by `privateKey`, from its next navigation on (reload the
 * page for an open one). Call once per page.
 */
export async function injectWallet(page: Page, options: InjectedWalletOptions): Promise<InjectedWallet> {
  const key = new Wallet(options.privateKey);
  const other = options.wrongKey ? new Wallet(options.wrongKey) : Wallet.createRandom();
  const requests: WalletRequest[] = [];
  const signed: { message: string; signature: string }[] = [];
  let permitted = false;
  let hold: { asked: (message: string) => void; released: Promise<void> } | null = null;

  const wallet: InjectedWallet = {
    address: key.address,
    mode: options.mode ?? 'approve',
    requests,
    signed,
    holdNextSignature() {
      let asked!: (message: string) => void;
      let release!: () => void;
      const askedPromise = new Promise<string>((resolve) => (asked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { asked, released };
      return { asked: askedPromise, release };
    },
    forgetSite() {
      permitted = false;
    },
  };

  const answer = async ({ method, params }: WalletRequest): Promise<Answer> => {
    requests.push({ method, params });
    switch (method) {
      case 'eth_chainId':
        return { result: `0x${options.chainId.toString(16)}` };
      case 'net_version':
        return { result: String(options.chainId) };
      case 'eth_accounts':
        return { result: permitted ? [key.address.toLowerCase()] : [] };
      case 'eth_requestAccounts':
        if (!permitted && wallet.mode === 'reject') return { error: USER_REJECTED };
        permitted = true;
        return { result: [key.address.toLowerCase()] };
      case 'personal_sign': {
        const [raw, account] = params;
        if (!permitted || typeof account !== 'string' || account.toLowerCase() !== key.address.toLowerCase())
          return { error: UNAUTHORIZED };
        const bytes = messageBytes(raw);
        const held = hold;
        if (held) {
          hold = null;
          held.asked(toUtf8String(bytes));
          await held.released;
        }
        if (wallet.mode === 'reject') return { error: USER_REJECTED };
        const signature = await (wallet.mode === 'wrongKey' ? other : key).signMessage(bytes);
        signed.push({ message: toUtf8String(bytes), signature });
        return { result: signature };
      }
      default:
        return { error: UNSUPPORTED };
    }
  };

  const binding = `__signsealTestWallet${++bindings}`;
  await page.exposeFunction(binding, (request: WalletRequest) =>
    answer({ method: String(request?.method), params: Array.isArray(request?.params) ? request.params : [] }),
  );
  await page.addInitScript((name: string) => {
    type Call = (request: { method: string; params: unknown[] }) => Promise<Answer>;
    const provider = {
      isSignSealTestWallet: true,
      async request(args: { method: string; params?: unknown[] | object }) {
        // Looked up at each call: the exposed function is installed beside this script.
        const call = (window as unknown as Record<string, Call>)[name]!;
        const params = Array.isArray(args?.params) ? args.params : args?.params ? [args.params] : [];
        const reply = await call({ method: String(args?.method), params });
        if ('error' in reply) {
          throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
        }
        return reply.result;
      },
      on() {
        return provider;
      },
      removeListener() {
        return provider;
      },
    };
    Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
  }, binding);
  return wallet;
}
