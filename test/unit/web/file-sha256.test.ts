// The verify page's in-browser SHA-256 (issue #15 item 5): the incremental hash of big files gives the
// same digest as node's crypto for every padding case and for chunks split anywhere, and a Blob above
// the limit is hashed slice by slice to the same answer as crypto.subtle gives below it.
import { createHash, randomBytes } from 'node:crypto';
import { Sha256, sha256OfBlob } from '../../../web/src/lib/file-sha256';

const node = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('Sha256 (incremental)', () => {
  it.each([0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 100_003])('matches node for %i bytes', (n) => {
    const bytes = new Uint8Array(randomBytes(n));
    expect(new Sha256().update(bytes).hex()).toBe(node(bytes));
  });

  it('gives the same digest whatever the chunk boundaries', () => {
    const bytes = new Uint8Array(randomBytes(10_000));
    const hash = new Sha256();
    for (let at = 0, step = 1; at < bytes.length; at += step, step = (step * 7) % 301 || 1) {
      hash.update(bytes.subarray(at, at + step));
    }
    expect(hash.hex()).toBe(node(bytes));
  });

  it('knows the FIPS 180-4 vector of "abc"', () => {
    expect(new Sha256().update(new TextEncoder().encode('abc')).hex()).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('sha256OfBlob', () => {
  it('hashes a big blob slice by slice to the same answer as crypto.subtle', async () => {
    const bytes = new Uint8Array(randomBytes(9 * 1024 * 1024 + 17));
    const blob = new Blob([bytes]);
    const sliced = await sha256OfBlob(blob, 1024); // over the limit: 4 MB slices
    const whole = await sha256OfBlob(blob); // under it: crypto.subtle
    expect(sliced).toBe(node(bytes));
    expect(whole).toBe(node(bytes));
  });
});
