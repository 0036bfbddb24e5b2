// Bulk send (issue #27 item 6), the browser's part of the CSV: the template's columns and a sample file
// built from them (shared/domain/bulk.ts bulkColumns), and the file read as text. The browser parses
// nothing: the server checks the text and answers each bad row with its line.
import type { TemplateView } from '../../../../shared/api/schemas';
import { BULK_CSV_MAX_CHARS, bulkColumns } from '../../../../shared/domain/bulk';
import { isValueField } from '../../../../shared/domain/fields';

/** The labels of the template's value fields, once each, in role and field order (the CSV's field columns). */
export function valueLabels(view: Pick<TemplateView, 'fields'>): string[] {
  const labels: string[] = [];
  for (const f of view.fields) {
    if (f.label && isValueField(f.type) && !labels.includes(f.label)) {
      labels.push(f.label);
    }
  }
  return labels;
}

/** The template's CSV columns, in order. */
export function templateColumns(view: Pick<TemplateView, 'roles' | 'fields'>): string[] {
  return bulkColumns(view.roles, valueLabels(view));
}

/** One CSV cell, quoted when it holds a comma, a quote, a line break or edge spaces (RFC 4180). */
export function csvCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A sample file: the header and one example row (each role's name and contact, the title). */
export function sampleCsv(view: Pick<TemplateView, 'roles' | 'fields' | 'title'>): string {
  const columns = templateColumns(view);
  const example = view.roles.flatMap((role, i) => [`${role} ${i + 1}`, `person${i + 1}@example.com`]);
  const row = [...example, view.title, ...valueLabels(view).map(() => '')];
  return [columns, row].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export type ReadResult =
  { ok: true; text: string } | { ok: false; reason: 'tooLarge' | 'unreadable' | 'empty' };

/** Reads a chosen file as text (UTF-8, a BOM dropped), refusing one past BULK_CSV_MAX_CHARS. */
export async function readCsvFile(file: Blob): Promise<ReadResult> {
  // A UTF-8 character takes 1 to 4 bytes: a file of more than 4× the limit in bytes is too long anyway.
  if (file.size > BULK_CSV_MAX_CHARS * 4) return { ok: false, reason: 'tooLarge' };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.length > BULK_CSV_MAX_CHARS) return { ok: false, reason: 'tooLarge' };
  if (text === '') return { ok: false, reason: 'empty' };
  return { ok: true, text };
}
