// The original is what was accepted (issue #13 defect 1): keys of their own, and the checks made
// when it is served and before it is sealed.
import { createHash } from 'node:crypto';
import { createLogger } from '../../../../lambdas/core/logger';
import {
  assertOriginalBytes,
  assertOriginalIntact,
  isUploadKeyOf,
  newOriginalKey,
  newUploadKey,
} from '../../../../lambdas/usecases/original';
import type { StoredObjectInfo } from '../../../../lambdas/ports';

const bytes = new TextEncoder().encode('%PDF-1.7 accepted');
const accepted = {
  docuId: 'd1',
  fileKey: 'documents/d1/original-abc.pdf',
  sha256: createHash('sha256').update(bytes).digest('hex'),
  sizeBytes: bytes.length,
  fileEtag: '"etag-1"',
};

function capture() {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    log: createLogger({}, 'info', (l) => lines.push(JSON.parse(l) as Record<string, unknown>)),
  };
}

const storing = (info: StoredObjectInfo | null) => ({ head: async () => info });

describe('keys', () => {
  it('gives every upload form and every accepted original a key of its own', () => {
    const forms = new Set(Array.from({ length: 50 }, () => newUploadKey('d1')));
    expect(forms.size).toBe(50);
    for (const key of forms) {
      expect(key).toMatch(/^uploads\/d1\/[0-9a-f]{32}\.pdf$/);
      expect(isUploadKeyOf('d1', key)).toBe(true);
      expect(isUploadKeyOf('d2', key)).toBe(false);
    }
    expect(isUploadKeyOf('d1', 'documents/d1/original.pdf')).toBe(false);
    expect(isUploadKeyOf('d1', 'uploads/d1/../d2/x.pdf')).toBe(false);
    const originals = new Set(Array.from({ length: 50 }, () => newOriginalKey('d1')));
    expect(originals.size).toBe(50);
    for (const key of originals) expect(key).toMatch(/^documents\/d1\/original-[0-9a-f]{24}\.pdf$/);
  });
});

describe('assertOriginalIntact', () => {
  it('passes an object with the accepted size and entity tag', async () => {
    const { lines, log } = capture();
    await assertOriginalIntact(
      storing({ size: bytes.length, contentType: 'application/pdf', etag: '"etag-1"' }),
      accepted,
      log,
    );
    expect(lines).toEqual([]);
  });

  it.each([
    ['missing', null],
    ['size', { size: bytes.length + 1, contentType: 'application/pdf', etag: '"etag-1"' }],
    ['etag', { size: bytes.length, contentType: 'application/pdf', etag: '"etag-2"' }],
  ])('refuses a %s object with 409 and an alert naming only the document', async (reason, info) => {
    const { lines, log } = capture();
    await expect(assertOriginalIntact(storing(info), accepted, log)).rejects.toMatchObject({
      code: 'documents.errors.originalChanged',
      status: 409,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', alert: 'original-integrity', docuId: 'd1', reason });
    expect(JSON.stringify(lines[0])).not.toContain(accepted.sha256);
  });

  it('checks nothing for a document without an original yet', async () => {
    await expect(
      assertOriginalIntact(storing(null), { docuId: 'd1', fileKey: null }),
    ).resolves.toBeUndefined();
  });
});

describe('assertOriginalBytes', () => {
  it('passes the accepted bytes and refuses any other', () => {
    const { lines, log } = capture();
    expect(() => assertOriginalBytes(accepted, bytes, log)).not.toThrow();
    expect(() => assertOriginalBytes(accepted, new TextEncoder().encode('%PDF-1.7 changed'), log)).toThrow(
      expect.objectContaining({ code: 'documents.errors.originalChanged' }),
    );
    expect(lines).toEqual([expect.objectContaining({ alert: 'original-integrity', reason: 'sha256' })]);
  });
});
