// pdf-lib's deflate once the sealing module is loaded (lambdas/sealing/deflate.ts, issue #33): Node's
// zlib in place of pako's JavaScript one, in the sources as in the bundle, and a document saved with
// it reads back whole.
import { inflateSync } from 'node:zlib';
import pako from 'pako';
import { PDFDocument } from 'pdf-lib';
import { nodeDeflate } from '../../../lambdas/sealing/deflate';
import '../../../lambdas/sealing/index';

describe("pdf-lib's deflate in the sealing module", () => {
  it("is Node's zlib, looked up where pdf-lib looks it up", () => {
    expect(pako.deflate).toBe(nodeDeflate);
    const text = new TextEncoder().encode('SignSeal '.repeat(1000));
    const deflated = pako.deflate(text);
    expect(deflated).toBeInstanceOf(Uint8Array);
    expect(deflated.length).toBeLessThan(text.length / 20);
    expect(Buffer.from(inflateSync(deflated)).equals(Buffer.from(text))).toBe(true);
    // the level UPNG's encoder passes is honoured (0: stored, larger than the input)
    expect(pako.deflate(text, { level: 0 }).length).toBeGreaterThan(text.length);
  });

  it('writes object streams that pdf-lib reads back, the same bytes for the same document', async () => {
    const make = async () => {
      const doc = await PDFDocument.create({ updateMetadata: false });
      for (let i = 0; i < 120; i += 1) doc.addPage([200 + i, 300]);
      return doc.save({ useObjectStreams: true });
    };
    const [a, b] = [await make(), await make()];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const text = Buffer.from(a).toString('latin1');
    expect(text).toContain('/Type /ObjStm');
    const back = await PDFDocument.load(a);
    expect(back.getPageCount()).toBe(120);
    expect(back.getPage(119).getWidth()).toBe(319);
  });
});
