// Sealing with fields (issue #27, architecture §12/§19): a 100-page contract that is a PDF form, two
// contractors with 200 filled fields of every type between them (Latin, Japanese and Korean values)
// and 5 attachments of 1 MB each (5 MB, incompressible: the worst case for the embedded files), sealed
// as the seal job does it: the fields resolved from the stored areas (seal-fields.ts), the attachments
// read and hashed against their records, then sealPdf (flatten, stamps, fields, attachments, audit
// pages with the Fields section, signature, hash). Worker time is the median wall time of the warm
// rounds (the first, which opens the fonts and warms the JIT, is printed apart); the same contract
// with its sign images only is printed beside it, so the fields' own cost shows.
import { performance } from 'node:perf_hooks';
import type { DocumentRecord, RecipientRecord } from '../lambdas/adapters/dynamo/documents';
import { createServiceSigner, sealPdf, type SealInput } from '../lambdas/sealing/index';
import { gatherAttachments, sealFields } from '../lambdas/usecases/seal-fields';
import { FIELD_TYPES, type FieldType } from '../shared/domain/fields';
import { localeForPath } from '../shared/i18n/server';
import { contractor, makeAttachment, makeFormOriginal } from '../test/unit/sealing/field-fixtures';
import { auditData, makeSignPng } from '../test/unit/sealing/fixtures';
import type { BenchContext } from './context';
import { formatValue, median, row, type Row } from './stats';

export const SEAL_FIELDS_TARGET_MS = 1000;
const PAGES = 100;
const FIELDS = 200;
const ATTACHMENTS = 5;
const ATTACHMENT_BYTES = 1_000_000;
const STAGES = ['load', 'stamp', 'audit', 'save', 'sign', 'hash'] as const;

type Area = NonNullable<RecipientRecord['areas']>[number];

const VALUES: Partial<Record<FieldType, string>> = {
  name: '',
  text: '東京都千代田区丸の内一丁目 1-1 Marunouchi Building',
  number: '1234567.89',
  date: '2026-12-24',
  dateSigned: '2026-11-22T10:05:00.000Z',
  checkbox: 'true',
  radio: '서울특별시 강남구',
  dropdown: 'Option B',
  strikethrough: 'true',
};

/** 200 fields, two per page, cycling through every type but attachment; then the 5 attachments. */
function areas(attachments: ReturnType<typeof makeAttachment>[]): Area[][] {
  const types = FIELD_TYPES.filter((t) => t !== 'attachment');
  const list: Area[] = [];
  for (let i = 0; i < FIELDS - ATTACHMENTS; i += 1) {
    const type = types[i % types.length]!;
    list.push({
      pageIndex: Math.floor(i / 2) % PAGES,
      x: 60 + (i % 2) * 250,
      y: 120 + (i % 5) * 40,
      width: type === 'checkbox' ? 18 : 200,
      height: type === 'checkbox' ? 18 : type === 'text' ? 36 : 22,
      type,
      signed: true,
      label: `Field ${i + 1}`,
      filledAt: '2026-11-22T10:04:00.000Z',
      ...(type === 'signature' || type === 'initials' || type === 'stamp' ? { signId: 's1' } : {}),
      ...(VALUES[type] !== undefined ? { value: VALUES[type] } : {}),
      ...(type === 'text' ? { multiline: true } : {}),
      ...(type === 'radio' ? { options: ['서울특별시 강남구', 'Other'] } : {}),
      ...(type === 'dropdown' ? { options: ['Option A', 'Option B'] } : {}),
    });
  }
  attachments.forEach((a, i) =>
    list.push({
      pageIndex: PAGES - 1,
      x: 60,
      y: 600 - i * 30,
      width: 300,
      height: 20,
      type: 'attachment',
      signed: true,
      attachment: a.record,
      filledAt: '2026-11-22T10:04:00.000Z',
    }),
  );
  return [list.filter((_, i) => i % 2 === 0), list.filter((_, i) => i % 2 === 1)];
}

export async function runSealFields(ctx: BenchContext): Promise<Row[]> {
  ctx.log(`seal-fields: ${PAGES} pages, ${FIELDS} fields, ${ATTACHMENTS} attachments, ${ctx.runs} rounds…`);
  const original = await makeFormOriginal(PAGES);
  const files = Array.from({ length: ATTACHMENTS }, (_, i) =>
    makeAttachment(`attachments/doc1/a${i}`, `attachment-${i + 1}.pdf`, ATTACHMENT_BYTES, i + 1),
  );
  const byKey = new Map(files.map((f) => [f.key, f.bytes]));
  const storage = { getBytes: async (key: string) => byKey.get(key)! };
  const [first, second] = areas(files);
  const recipients = [contractor(0, '山田 花子', first!), contractor(1, '김민수', second!)];
  const doc = { docuId: 'doc1', kind: 'esign', lang: 'jp' } as unknown as DocumentRecord;
  const signer = createServiceSigner('SignSeal Bench');
  const png = makeSignPng(700, 300);
  const audit = auditData(['Owner', '山田 花子', '김민수'], 40, { pageCount: PAGES });
  const imageAreas = recipients.flatMap((r) =>
    (r.areas ?? []).filter((a) => ['signature', 'initials', 'stamp'].includes(a.type ?? '')),
  );
  const stamps = imageAreas.map(({ pageIndex, x, y, width, height }) => ({
    pageIndex,
    x,
    y,
    width,
    height,
    png,
  }));
  const base = {
    original,
    stamps,
    language: 'jp' as const,
    signer,
    signedAt: new Date('2026-11-22T10:10:00Z'),
  };

  /** One seal as the job does it, timed from the stored areas to the signed, hashed PDF. */
  const sealOnce = async () => {
    const start = performance.now();
    const fields = sealFields({ doc, owner: null, recipients, locale: localeForPath('jp'), lang: 'jp' });
    const attachments = await gatherAttachments(storage, 'doc1', fields.attachments);
    const input: SealInput = {
      ...base,
      fields: fields.drawings,
      attachments,
      audit: { ...audit, fields: fields.audit ?? [] },
    };
    const result = await sealPdf(input);
    return { ms: performance.now() - start, result };
  };
  const signsOnly = async () => {
    const start = performance.now();
    await sealPdf({ ...base, audit });
    return performance.now() - start;
  };

  const cold = await sealOnce();
  const rounds: Awaited<ReturnType<typeof sealOnce>>[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < ctx.runs; i += 1) {
    rounds.push(await sealOnce());
    baseline.push(await signsOnly());
  }
  const totals = rounds.map((r) => r.ms);
  const stages = STAGES.map(
    (st) => `${st} ${median(rounds.map((r) => r.result.timings[st])).toFixed(0)}`,
  ).join(' / ');
  const out = rounds[0]!.result;
  const name = `${PAGES} pages, ${FIELDS} fields, ${ATTACHMENTS} × 1 MB attachments`;
  return [
    row('seal-fields', `${name}: seal total (warm)`, 'ms', totals, {
      target: SEAL_FIELDS_TARGET_MS,
      note: `ms: ${stages}; out ${formatValue(out.pdf.length, 'bytes')}, ${out.pageCount} pages`,
    }),
    row('seal-fields', `${name}: first seal of the process`, 'ms', [cold.ms], {
      spread: 'none',
      note: 'fonts opened, JIT cold',
    }),
    row('seal-fields', `same contract, sign images only (warm)`, 'ms', baseline, {
      note: `${stamps.length} stamps; the fields and attachments add the difference`,
    }),
  ];
}

// `tsx bench/seal-fields.ts`: this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { formatTable } = await import('./stats');
  const rows = await runSealFields({
    runs: 5,
    durationSeconds: 5,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${formatTable(rows)}\n`);
}
