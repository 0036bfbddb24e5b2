// Archive timestamp renewal (issue #30 item 3) over a real B-LTA file: the openssl referee plays the
// authority, the use case renews once, keeps every earlier byte, reschedules, and a duplicate or an
// early message changes nothing.
import { createHash } from 'node:crypto';
import { renewArchiveTimestamp } from '../../../../lambdas/sealing/pades';
import { sealPdf } from '../../../../lambdas/sealing/index';
import { renewEvidence, type RenewalDeps } from '../../../../lambdas/usecases/evidence-renewal';
import type { RenewedFile } from '../../../../lambdas/adapters/dynamo/sealing';
import type { DocumentRecord } from '../../../../lambdas/adapters/dynamo/documents';
import { checkPades, opensslPki, type OpensslPki } from '../../../support/openssl-trust';
import { auditData, makeOriginal, makeSignPng, stamps } from '../../sealing/fixtures';

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
let pki: OpensslPki;
let sealed: Uint8Array;

beforeAll(async () => {
  pki = opensslPki();
  sealed = (
    await sealPdf({
      original: await makeOriginal(2),
      stamps: stamps(1, 2, [makeSignPng(300, 150)]),
      audit: auditData(['Alice Smith'], 3),
      language: 'en',
      signer: pki.signer,
      signedAt: new Date('2026-11-22T10:10:00Z'),
      trust: pki.trust,
    })
  ).pdf;
}, 60_000);

afterAll(() => pki.cleanup());

function setup(renewBy: string) {
  const objects = new Map<string, Uint8Array>([['final/1.pdf', sealed]]);
  const doc = {
    docuId: 'doc1',
    status: 'Completed',
    finalKey: 'final/1.pdf',
    finalSha256: createHash('sha256').update(sealed).digest('hex'),
    evidenceRenewBy: renewBy,
  } as unknown as DocumentRecord;
  const renewals: { docuId: string; expectedKey: string; dueAt: string; renewed: RenewedFile }[] = [];
  let wins = true;
  const deps: RenewalDeps = {
    docs: { getDocument: async () => doc } as never,
    seals: {
      recordRenewal: async (docuId: string, expectedKey: string, dueAt: string, renewed: RenewedFile) => {
        renewals.push({ docuId, expectedKey, dueAt, renewed });
        return wins;
      },
      deleteRenewal: async () => undefined,
    } as never,
    storage: {
      getBytes: async (key: string) => objects.get(key)!,
      put: async (key: string, bytes: Uint8Array) => void objects.set(key, bytes),
      deleteMany: async (keys: string[]) => keys.forEach((k) => objects.delete(k)),
    } as never,
    trust: () => pki.trust,
    renewArchiveTimestamp,
    now: () => new Date('2026-12-01T00:00:00Z'),
  };
  return { deps, objects, renewals, lose: () => (wins = false) };
}

it('renews a due file once: a new document timestamp after every earlier byte, rescheduled', async () => {
  const s = setup('2026-11-30T00:00:00.000Z');
  await expect(renewEvidence(s.deps, { docuId: 'doc1', renew: true }, silentLog)).resolves.toBe('renewed');
  expect(s.renewals).toHaveLength(1);
  const { renewed, expectedKey, dueAt } = s.renewals[0]!;
  expect(expectedKey).toBe('final/1.pdf');
  expect(dueAt).toBe('2026-11-30T00:00:00.000Z');
  const file = s.objects.get(renewed.finalKey)!;
  expect(Buffer.from(file.subarray(0, sealed.length)).equals(Buffer.from(sealed))).toBe(true);
  expect(renewed.sha256).toBe(createHash('sha256').update(file).digest('hex'));
  expect(Date.parse(renewed.evidenceRenewBy)).toBeGreaterThan(Date.parse('2026-12-01T00:00:00Z'));
  const report = checkPades(file, pki.rootPem, pki.issuingPem);
  expect(report.documentTimestamps).toHaveLength(2);
  for (const verdict of report.documentTimestamps) expect(verdict).toContain('Verification: OK');
  expect(report.pdfsig).toContain('Signature is Valid.');
}, 60_000);

it('does nothing before the due time', async () => {
  const s = setup('2027-06-01T00:00:00.000Z');
  await expect(renewEvidence(s.deps, { docuId: 'doc1', renew: true }, silentLog)).resolves.toBe('not-due');
  expect(s.renewals).toHaveLength(0);
});

it('keeps nothing of an attempt another one beat', async () => {
  const s = setup('2026-11-30T00:00:00.000Z');
  s.lose();
  await expect(renewEvidence(s.deps, { docuId: 'doc1', renew: true }, silentLog)).resolves.toBe('lost-race');
  expect([...s.objects.keys()]).toEqual(['final/1.pdf']);
}, 60_000);

it('waits (503, retried) when no authority answers', async () => {
  const s = setup('2026-11-30T00:00:00.000Z');
  pki.trust.down = true;
  try {
    await expect(renewEvidence(s.deps, { docuId: 'doc1', renew: true }, silentLog)).rejects.toMatchObject({
      status: 503,
    });
  } finally {
    pki.trust.down = false;
  }
  expect(s.renewals).toHaveLength(0);
}, 60_000);
