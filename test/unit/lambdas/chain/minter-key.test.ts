import { parseMinterSecret } from '../../../../lambdas/chain/minter-key';

const KEY = 'ab'.repeat(32);

describe('the minter key secret', () => {
  it('holds the hex key, with or without 0x, or JSON with privateKey', () => {
    expect(parseMinterSecret('s', KEY)).toBe(`0x${KEY}`);
    expect(parseMinterSecret('s', ` 0x${KEY}\n`)).toBe(`0x${KEY}`);
    expect(parseMinterSecret('s', JSON.stringify({ privateKey: `0x${KEY}` }))).toBe(`0x${KEY}`);
  });

  it('refuses anything else, naming the secret but never its value', () => {
    for (const value of [undefined, '', 'hunter2', '{"key":"x"}', '{broken']) {
      let message = '';
      try {
        parseMinterSecret('signseal/minter', value);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/^The secret signseal\/minter does not hold a minter key/);
      if (value) expect(message).not.toContain(value);
    }
  });
});
