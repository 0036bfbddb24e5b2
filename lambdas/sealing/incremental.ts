// Incremental updates (ISO 32000-1 7.5.6) for the long-term evidence revisions (issue #30): the DSS
// and the document timestamp are appended after the signed bytes, so the approval signature still
// covers every byte it signed. Objects are serialized by the caller (pdf-lib's own writers); this
// module writes them, their cross-reference section (a stream when the file before used one, a table
// otherwise) and the trailer, and reads what the last trailer says.
import { SealError } from './errors';

/** What the last cross-reference section of a file says. */
export interface LastRevision {
  /** Offset of the last cross-reference section (the file's last `startxref`). */
  readonly startxref: number;
  /** Its /Size: the first object number free for new objects. */
  readonly size: number;
  /** The section is a cross-reference stream (pdf-lib's default), not a table. */
  readonly xrefStream: boolean;
  /** The trailer entries carried into every later trailer: /Root, /Info, /ID, as written. */
  readonly root: string;
  readonly info?: string;
  readonly id?: string;
}

const latin1 = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, Math.max(0, to - from)).toString('latin1');

/** Reads the file's last `startxref` and the trailer (or cross-reference stream dictionary) it names. */
export function lastRevision(pdf: Uint8Array): LastRevision {
  const tail = latin1(pdf, Math.max(0, pdf.byteLength - 1024), pdf.byteLength);
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!m) throw new SealError('unreadable_pdf', 'the file does not end with startxref and %%EOF');
  const startxref = Number(m[1]);
  if (startxref >= pdf.byteLength) throw new SealError('unreadable_pdf', 'startxref points past the file');
  const head = latin1(pdf, startxref, Math.min(pdf.byteLength, startxref + 4096));
  let dict: string;
  let xrefStream: boolean;
  if (head.startsWith('xref')) {
    const at = head.indexOf('trailer');
    const end = head.indexOf('startxref', at);
    if (at < 0 || end < 0) throw new SealError('unreadable_pdf', 'the cross-reference table has no trailer');
    dict = head.slice(at, end);
    xrefStream = false;
  } else {
    const end = head.indexOf('stream');
    if (!/^\d+\s+\d+\s+obj/.test(head) || end < 0 || !/\/Type\s*\/XRef/.test(head.slice(0, end)))
      throw new SealError('unreadable_pdf', 'startxref names neither a table nor a cross-reference stream');
    dict = head.slice(0, end);
    xrefStream = true;
  }
  const entry = (name: string, pattern: string) => new RegExp(`/${name}\\s*(${pattern})`).exec(dict)?.[1];
  const size = Number(entry('Size', '\\d+'));
  const root = entry('Root', '\\d+\\s+\\d+\\s+R');
  if (!Number.isInteger(size) || size < 1 || !root)
    throw new SealError('unreadable_pdf', 'the trailer lacks /Size or /Root');
  const info = entry('Info', '\\d+\\s+\\d+\\s+R');
  const id = entry('ID', '\\[\\s*<[0-9A-Fa-f]*>\\s*<[0-9A-Fa-f]*>\\s*\\]');
  return { startxref, size, xrefStream, root, ...(info ? { info } : {}), ...(id ? { id } : {}) };
}

/** One object of an update: its number (generation 0) and its serialized value (no `obj` keywords). */
export interface UpdateObject {
  readonly number: number;
  readonly body: Uint8Array;
}

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** Runs of consecutive object numbers, as /Index pairs or table subsections want them. */
function runsOf(numbers: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const n of [...numbers].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && last[0] + last[1] === n) last[1] += 1;
    else runs.push([n, 1]);
  }
  return runs;
}

/**
 * The file with one more revision: `objects` after its last byte (a newline first when it does not end
 * with one), a cross-reference section for them with /Prev, and the trailer. Returns the new file and
 * each object's offset in it (the caller fills placeholders at known places).
 */
export function appendRevision(
  pdf: Uint8Array,
  objects: readonly UpdateObject[],
): { pdf: Buffer; offsets: Map<number, number> } {
  const last = lastRevision(pdf);
  const chunks: Buffer[] = [Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)];
  let length = pdf.byteLength;
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  if (pdf[pdf.byteLength - 1] !== 0x0a) push(ascii('\n'));
  const offsets = new Map<number, number>();
  for (const object of objects) {
    if (object.number < 1) throw new SealError('unreadable_pdf', 'an update object has no number');
    offsets.set(object.number, length);
    push(ascii(`${object.number} 0 obj\n`));
    push(Buffer.from(object.body.buffer, object.body.byteOffset, object.body.byteLength));
    push(ascii('\nendobj\n'));
  }
  const highest = Math.max(...objects.map((o) => o.number));
  const carried = [
    `/Root ${last.root}`,
    last.info ? `/Info ${last.info}` : '',
    last.id ? `/ID ${last.id}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const xrefAt = length;
  if (last.xrefStream) {
    // The stream's own number comes after every other; its entry is in the section too.
    const own = Math.max(last.size, highest + 1);
    offsets.set(own, xrefAt);
    const numbers = [...offsets.keys()];
    const rows = Buffer.alloc(numbers.length * 7);
    runsOf(numbers)
      .flatMap(([first, count]) => Array.from({ length: count }, (_, i) => first + i))
      .forEach((n, i) => {
        rows.writeUInt8(1, i * 7);
        rows.writeUInt32BE(offsets.get(n)!, i * 7 + 1);
        rows.writeUInt16BE(0, i * 7 + 5);
      });
    const index = runsOf(numbers)
      .map(([first, count]) => `${first} ${count}`)
      .join(' ');
    push(
      ascii(
        `${own} 0 obj\n<< /Type /XRef /Size ${own + 1} /W [1 4 2] /Index [${index}] /Prev ${last.startxref} ` +
          `${carried} /Length ${rows.length} >>\nstream\n`,
      ),
    );
    push(rows);
    push(ascii(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`));
  } else {
    const lines = ['xref'];
    for (const [first, count] of runsOf([...offsets.keys()])) {
      lines.push(`${first} ${count}`);
      for (let n = first; n < first + count; n += 1)
        lines.push(`${String(offsets.get(n)!).padStart(10, '0')} 00000 n\r`);
    }
    const size = Math.max(last.size, highest + 1);
    push(
      ascii(
        `${lines.join('\n')}\ntrailer\n<< /Size ${size} /Prev ${last.startxref} ${carried} >>\n` +
          `startxref\n${xrefAt}\n%%EOF\n`,
      ),
    );
  }
  return { pdf: Buffer.concat(chunks, length), offsets };
}
