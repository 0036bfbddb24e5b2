// Inputs for the sealing tests and bench/seal.ts: generated originals, sign PNGs and audit data.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { makePng } from '../../support/png';
import type { AuditData, AuditParty, RecordData, Stamp } from '../../../lambdas/sealing/types';

/** An original of `pages` A4 pages with a line of text each (Helvetica, so no embedded font). */
export async function makeOriginal(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Original contract, page ${i + 1}`, { x: 60, y: 780, size: 14, font });
    for (let line = 0; line < 30; line += 1) {
      page.drawText(`Clause ${i + 1}.${line + 1}: the parties agree to the terms set out here.`, {
        x: 60,
        y: 740 - line * 20,
        size: 10,
        font,
      });
    }
  }
  return doc.save();
}

/** A sign PNG (transparent, a dark diagonal stroke), from the shared test encoder. */
export const makeSignPng = (width: number, height: number): Uint8Array => makePng(width, height);

export const UA_DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const UA_PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

export function party(name: string, index: number, extra: Partial<AuditParty> = {}): AuditParty {
  return {
    name,
    role: index === 0 ? 'Requester' : `Contractor ${index}`,
    maskedContact: index % 2 ? `010-****-${String(1000 + index).slice(-4)}` : `h***${index}@example.com`,
    receivedAt: '2026-11-22 10:00:00',
    openedAt: '2026-11-22 10:02:00',
    signedAt: '2026-11-22 10:05:00',
    ip: `203.0.113.${10 + index}`,
    userAgent: index % 2 ? UA_PHONE : UA_DESKTOP,
    result: 'Agreed',
    ...extra,
  };
}

export function auditData(
  names: readonly string[],
  historyLines: number,
  extra: Partial<AuditData> = {},
): AuditData {
  return {
    title: '業務委託契約書',
    shortNumber: 'AB12',
    documentId: '0f8e2d4c-ab12-4c1e-9d7a-5b6c7d8e9f00',
    originalSha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    originalFileName: 'keiyaku.pdf',
    pageCount: 3,
    createdAt: '2026-11-22 09:00:00',
    completedAt: '2026-11-22 10:05:00',
    parties: names.map((name, i) => party(name, i)),
    history: Array.from({ length: historyLines }, (_, i) => ({
      time: `2026-11-22 10:${String(i % 60).padStart(2, '0')}:00`,
      action: i % 3 === 0 ? 'Sign request sent' : i % 3 === 1 ? '署名しました' : '서명 완료',
      actor: names[i % names.length]!,
      ip: `203.0.113.${i % 250}`,
      userAgent: i % 2 ? UA_PHONE : UA_DESKTOP,
    })),
    verifyUrl: 'https://signseal.example/en/verify/0f8e2d4c-ab12-4c1e-9d7a-5b6c7d8e9f00',
    ...extra,
  };
}

/** `count` stamps spread over the pages, every party's sign used twice or more. */
export function stamps(count: number, pages: number, pngs: readonly Uint8Array[]): Stamp[] {
  return Array.from({ length: count }, (_, i) => ({
    pageIndex: i % pages,
    x: 60 + (i % 3) * 160,
    y: 80 + (i % 4) * 50,
    width: 140,
    height: 45,
    png: pngs[i % pngs.length]!,
  }));
}

/** A video contract's record (issue #16): the owner and one contractor per further name, each with a
 *  video; `thumbnails[i]` is the i-th party's still (undefined: none). */
export function recordData(
  names: readonly string[],
  thumbnails: readonly (Uint8Array | undefined)[],
): RecordData {
  return {
    title: '業務委託契約書',
    shortNumber: 'VC12',
    documentId: '0f8e2d4c-ab12-4c1e-9d7a-5b6c7d8e9f01',
    createdAt: '2026-11-22 09:00:00 UTC',
    completedAt: '2026-11-22 10:05:00 UTC',
    parties: names.map((name, i) => ({
      name,
      role: i === 0 ? 'Requester' : `Contractor ${i}`,
      maskedContact: `h***${i}@example.com`,
      agreedAt: `2026-11-22 10:0${i}:00 UTC`,
    })),
    videos: names.map((name, i) => {
      const sha256 = String(i + 1).repeat(64);
      return {
        recipient: `${name} (${i === 0 ? 'Requester' : `Contractor ${i}`})`,
        recordedAt: `2026-11-22 09:3${i}:00 UTC`,
        duration: '60.0 s',
        size: '7,500,000 bytes',
        type: 'video/webm',
        sha256,
        challenge: String(4821 + i),
        token: 'Minted on the blockchain after sealing: see the blockchain certificate',
        verifyUrl: `https://signseal.example/en/verify?video=${sha256}`,
        ...(thumbnails[i] ? { thumbnail: thumbnails[i] } : {}),
      };
    }),
  };
}
