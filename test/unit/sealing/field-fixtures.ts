// Inputs for the field-sealing tests and bench/seal-fields.ts (issue #27): an original that is a PDF
// form (pdf-lib's form API), contractors' stored areas with one field of every type, and attachments.
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { RecipientRecord } from '../../../lambdas/adapters/dynamo/documents';
import type { FieldType } from '../../../shared/domain/fields';

type Area = NonNullable<RecipientRecord['areas']>[number];

/** Where the form's own fields sit on page 1 (the product's fields are placed over two of them). */
export const FORM_BOXES = {
  /** Under the product's `text` field: replaced by the drawn value. */
  covered: { x: 60, y: 600, width: 220, height: 24 },
  /** Under the product's `checkbox` field. */
  box: { x: 300, y: 600, width: 18, height: 18 },
  /** No product field over it: its typed value stays visible, flattened into the page. */
  free: { x: 60, y: 300, width: 220, height: 24 },
} as const;

/** A `pages`-page original with an AcroForm on page 1: two text fields (one pre-typed) and a checkbox. */
export async function makeFormOriginal(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Form contract, page ${i + 1}`, { x: 60, y: 780, size: 14, font });
    page.drawText('The tenant shall not sublet the premises.', { x: 60, y: 700, size: 10, font });
  }
  const form = doc.getForm();
  const page = doc.getPage(0);
  const covered = form.createTextField('tenant.address');
  covered.addToPage(page, { ...FORM_BOXES.covered, font });
  const box = form.createCheckBox('tenant.pets');
  box.addToPage(page, FORM_BOXES.box);
  const free = form.createTextField('office.reference');
  free.setText('REF-PRETYPED-42');
  free.addToPage(page, { ...FORM_BOXES.free, font });
  return doc.save();
}

export interface FixtureAttachment {
  readonly key: string;
  readonly bytes: Uint8Array;
  readonly record: NonNullable<Area['attachment']>;
}

/** An attachment of `size` bytes (deterministic content, a PDF-like header). */
export function makeAttachment(key: string, fileName: string, size: number, seed = 1): FixtureAttachment {
  const bytes = new Uint8Array(size);
  let x = Math.imul(seed, 2654435761) >>> 0;
  for (let i = 0; i < size; i += 1) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return {
    key,
    bytes,
    record: {
      key,
      fileName,
      contentType: 'application/pdf',
      sizeBytes: size,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    },
  };
}

const FILLED_AT = '2026-11-22T10:04:00.000Z';

const area = (
  type: FieldType,
  box: { x: number; y: number; width: number; height: number },
  extra: Partial<Area> = {},
): Area => ({
  pageIndex: 0,
  ...box,
  type,
  signed: true,
  required: false,
  filledAt: FILLED_AT,
  ...extra,
});

/** One field of every type (values in English, Japanese and Korean), on page 1 and 2 of a form. */
export function everyTypeAreas(attachment: FixtureAttachment): Area[] {
  return [
    area('signature', { x: 60, y: 80, width: 140, height: 45 }, { signId: 's1' }),
    area('initials', { x: 220, y: 80, width: 60, height: 30 }, { signId: 's1' }),
    area('stamp', { x: 300, y: 80, width: 50, height: 50 }, { signId: 's1' }),
    area('name', { x: 60, y: 640, width: 200, height: 22 }, { value: '' }),
    area('text', FORM_BOXES.covered, { value: '東京都千代田区丸の内一丁目', label: '住所' }),
    area(
      'text',
      { x: 60, y: 480, width: 150, height: 60 },
      {
        multiline: true,
        value:
          '서울특별시 강남구 테헤란로 152\nDeliver the keys by Friday, 5 pm, to the front desk of the building.',
        label: 'Notes',
      },
    ),
    area('number', { x: 300, y: 640, width: 90, height: 20 }, { value: '1234.5', label: 'Rent' }),
    area('date', { x: 400, y: 640, width: 130, height: 20 }, { value: '2026-12-24', label: 'Move-in' }),
    area('dateSigned', { x: 400, y: 560, width: 130, height: 20 }, { value: '2026-11-22T10:05:00.000Z' }),
    area('checkbox', FORM_BOXES.box, { value: 'true', label: 'Pets' }),
    area('checkbox', { x: 330, y: 600, width: 18, height: 18 }, { value: '', label: 'Smoking' }),
    area(
      'radio',
      { x: 60, y: 420, width: 120, height: 20 },
      {
        options: ['プランA', 'プランB'],
        value: 'プランB',
        label: 'Plan',
      },
    ),
    area(
      'dropdown',
      { x: 200, y: 420, width: 120, height: 20 },
      {
        options: ['옵션 1', '옵션 2'],
        value: '옵션 2',
        label: 'Option',
      },
    ),
    area(
      'attachment',
      { x: 340, y: 420, width: 200, height: 20 },
      {
        attachment: attachment.record,
        label: 'ID copy',
      },
    ),
    area('strikethrough', { x: 60, y: 695, width: 220, height: 16 }, { value: 'true', label: 'Clause 4' }),
    area('text', { x: 60, y: 380, width: 150, height: 20 }, { value: '', label: 'Optional note' }),
    {
      ...area('text', { x: 60, y: 700, width: 300, height: 20 }, { value: 'Page two value', label: 'P2' }),
      pageIndex: 1,
    },
  ];
}

/** A contractor record with these areas (only what sealing reads). */
export function contractor(index: number, name: string, areas: Area[]): RecipientRecord {
  return {
    docuId: 'doc1',
    index,
    name,
    contact: `c${index}@example.com`,
    method: 'email',
    isOwner: false,
    agreement: 1,
    areas,
    decidedAt: '2026-11-22T10:05:00.000Z',
  } as RecipientRecord;
}
