// The wallet's shared rules (issue #32): the Sign-In with Ethereum message (EIP-4361) line by line,
// the address read back from it, and what counts as a verified delivery address.
import {
  SIWE_STATEMENT,
  SIWE_VERSION,
  WALLET_CHALLENGE_MAX_ATTEMPTS,
  WALLET_CHALLENGE_TTL_MINUTES,
  isVerifiedWallet,
  siweAddress,
  siweMessage,
} from '../../../shared/domain/wallet';

const ADDRESS = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';

const FIELDS = {
  domain: 'app.example.com',
  address: ADDRESS,
  uri: 'https://app.example.com',
  chainId: 1337,
  nonce: 'a1b2c3d4e5f60718',
  issuedAt: '2026-11-28T10:00:00.000Z',
  expirationTime: '2026-11-28T10:10:00.000Z',
};

describe('the sign-in message (EIP-4361)', () => {
  it('is written line by line as the standard orders them', () => {
    expect(siweMessage(FIELDS).split('\n')).toEqual([
      'app.example.com wants you to sign in with your Ethereum account:',
      ADDRESS,
      '',
      SIWE_STATEMENT,
      '',
      'URI: https://app.example.com',
      'Version: 1',
      'Chain ID: 1337',
      'Nonce: a1b2c3d4e5f60718',
      'Issued At: 2026-11-28T10:00:00.000Z',
      'Expiration Time: 2026-11-28T10:10:00.000Z',
    ]);
  });

  it('has a one-line ASCII statement, version 1, and no line break at either end', () => {
    expect(SIWE_VERSION).toBe('1');
    expect(SIWE_STATEMENT).toMatch(/^[\x20-\x7e]+$/);
    const message = siweMessage(FIELDS);
    expect(message.startsWith('app.example.com ')).toBe(true);
    expect(message.endsWith('Expiration Time: 2026-11-28T10:10:00.000Z')).toBe(true);
  });

  it('keeps a host with its port as the domain (a local site)', () => {
    const message = siweMessage({ ...FIELDS, domain: 'localhost:5173', uri: 'http://localhost:5173' });
    expect(message.split('\n')[0]).toBe('localhost:5173 wants you to sign in with your Ethereum account:');
    expect(message).toContain('\nURI: http://localhost:5173\n');
  });

  it('gives its message 10 minutes and 5 wrong tries', () => {
    expect(WALLET_CHALLENGE_TTL_MINUTES).toBe(10);
    expect(WALLET_CHALLENGE_MAX_ATTEMPTS).toBe(5);
  });
});

describe('the address of a sign-in message', () => {
  it('is its second line, as written', () => {
    expect(siweAddress(siweMessage(FIELDS))).toBe(ADDRESS);
    const lower = siweMessage({ ...FIELDS, address: ADDRESS.toLowerCase() });
    expect(siweAddress(lower)).toBe(ADDRESS.toLowerCase());
  });

  it.each([
    ['an empty message', ''],
    ['one line only', 'app.example.com wants you to sign in with your Ethereum account:'],
    ['a short address', siweMessage({ ...FIELDS, address: ADDRESS.slice(0, 41) })],
    ['a long address', siweMessage({ ...FIELDS, address: `${ADDRESS}0` })],
    ['no 0x', siweMessage({ ...FIELDS, address: ADDRESS.slice(2) + '00' })],
    ['a non-hex character', siweMessage({ ...FIELDS, address: `${ADDRESS.slice(0, 41)}g` })],
    ['spaces around it', siweMessage({ ...FIELDS, address: ` ${ADDRESS} ` })],
    ['the address on the first line', `${ADDRESS}\nsomething else`],
    ['Windows line ends', siweMessage(FIELDS).replace(/\n/g, '\r\n')],
  ])('is null for %s', (_what, message) => {
    expect(siweAddress(message)).toBeNull();
  });
});

describe('a verified delivery address', () => {
  it('is an address proved by a signed message: both the address and its time', () => {
    expect(isVerifiedWallet({ walletAddress: ADDRESS, walletVerifiedAt: '2026-11-28T10:01:00.000Z' })).toBe(
      true,
    );
  });

  it.each([
    ['a typed address never signed for', { walletAddress: ADDRESS }],
    ['a typed address with a null time', { walletAddress: ADDRESS, walletVerifiedAt: null }],
    ['a time without an address (disconnected)', { walletVerifiedAt: '2026-11-28T10:01:00.000Z' }],
    ['an empty address', { walletAddress: '', walletVerifiedAt: '2026-11-28T10:01:00.000Z' }],
    ['nothing', {}],
  ])('is not %s', (_what, user) => {
    expect(isVerifiedWallet(user)).toBe(false);
  });
});
