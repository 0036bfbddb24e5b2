import {
  normaliseWallet,
  phoneCountryFor,
  validateMyInfo,
} from '../../../web/src/features/account/validation';

describe('My Info checks in the browser', () => {
  const valid = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  test('a wallet is an EVM address; mixed case must carry a valid checksum', () => {
    expect(normaliseWallet(valid)).toBe(valid);
    expect(normaliseWallet(valid.toLowerCase())).toBe(valid);
    expect(normaliseWallet('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBeNull();
    expect(normaliseWallet('0x1234')).toBeNull();
    expect(normaliseWallet('XE7338O073KYGTWWZN0F2WZ0R8PX5ZPPZS')).toBeNull();
  });

  test('a phone number without a country code belongs to the page language country', () => {
    expect(phoneCountryFor('jp')).toBe('JP');
    expect(phoneCountryFor('ko')).toBe('KR');
    expect(phoneCountryFor('en')).toBe('US');
    const jp = validateMyInfo({ name: 'Hanako', phone: '090-1234-5678', walletAddress: '' }, 'jp');
    expect(jp).toEqual({ ok: true, body: { name: 'Hanako', phone: '+819012345678', walletAddress: null } });
    const en = validateMyInfo(
      { name: ' Hanako ', phone: '201-555-0123', walletAddress: valid.toLowerCase() },
      'en',
    );
    expect(en).toEqual({ ok: true, body: { name: 'Hanako', phone: '+12015550123', walletAddress: valid } });
  });

  test('each refused field gets its message key, and nothing is returned to send', () => {
    const result = validateMyInfo({ name: '  ', phone: '12', walletAddress: '0xnope' }, 'en');
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'myPage.myInfo.nameRequired',
        phone: 'account.errors.invalidPhone',
        walletAddress: 'account.errors.invalidWallet',
      },
    });
  });

  test('empty phone and wallet clear them', () => {
    expect(validateMyInfo({ name: 'A', phone: ' ', walletAddress: '' }, 'ko')).toEqual({
      ok: true,
      body: { name: 'A', phone: null, walletAddress: null },
    });
  });
});
