// Writes one starter form (issue #27 item 5) as an A4 PDF with form fields: the text of ./content.ts
// typeset with the sealing code's fonts and typesetter (Noto Sans JP and KR, embedded as subsets of
// the glyphs drawn: lambdas/sealing/fonts.ts), and an AcroForm field for each blank — text fields,
// check boxes, a dropdown, and each role's signature and date. Field names are `{role}.{key}`; each
// field's tooltip (/TU) is its printed label with the role's name, which the gallery makes the
// template field's label. The same input gives the same bytes (fixed dates, fixed font names).
import {
  PDFAcroSignature,
  PDFDocument,
  PDFName,
  PDFSignature,
  PDFString,
  PDFHexString,
  degrees,
  rgb,
  type PDFAcroNonTerminal,
  type PDFField,
  type PDFForm,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import { clipChars } from '../../shared/domain/validation';
import { FontSet } from '../sealing/fonts';
import { BLACK, GREY, PageContent, RULE, Typesetter } from '../sealing/typeset';
import { FORM_TITLES, ROLE_NAMES, type GalleryForm, type GalleryLanguage, type RoleKey } from './catalog';
import { FORM_CONTENT, FOOTER, SIGN_DATE, SIGNATURE, type Block } from './content';

/** A4 in points, as the product's test forms. */
export const PAGE = { width: 595, height: 842 } as const;
const MARGIN = 56;
const TOP = PAGE.height - MARGIN;
const BOTTOM = MARGIN + 20;
const COLUMN = PAGE.width - 2 * MARGIN;
const LABEL_WIDTH = 190;
const BODY = 9.5;
const LEAD = 1.55;
const FIELD_HEIGHT = 18;
const FIELD_FILL = rgb(0.94, 0.96, 1);
const FIELD_BORDER = rgb(0.55, 0.6, 0.7);
/** A fixed date: the PDFs are committed, and regenerating them must not change their bytes. */
const WRITTEN = new Date('2026-11-27T00:00:00Z');
const PDF_LANG: Readonly<Record<GalleryLanguage, string>> = { en: 'en', jp: 'ja', ko: 'ko' };
/** Punctuation that may not open a line in Japanese (kinsoku): it hangs on the line before. */
const NO_LINE_START = /^[、。，．）」』】・ー？！：；％]/u;

export function fieldName(role: RoleKey, key: string): string {
  return `${role}.${key}`;
}

/** The label a field's tooltip carries: the printed label, prefixed with the role's name if it lacks it. */
export function fieldLabel(role: RoleKey, label: string, lang: GalleryLanguage): string {
  const name = ROLE_NAMES[role][lang];
  if (label.startsWith(name)) return label;
  return clipChars(`${name}${lang === 'jp' ? '：' : ': '}${label}`, 100);
}

function tooltip(field: PDFField, text: string): void {
  field.acroField.dict.set(PDFName.of('TU'), PDFHexString.fromText(text));
}

class Layout {
  readonly pages: { page: PDFPage; content: PageContent }[] = [];
  private y = TOP;

  constructor(
    readonly doc: PDFDocument,
    readonly form: PDFForm,
    readonly type: Typesetter,
    readonly lang: GalleryLanguage,
  ) {
    this.newPage();
  }

  get current() {
    return this.pages[this.pages.length - 1]!;
  }

  newPage(): void {
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push({ page, content: new PageContent(page) });
    this.y = TOP;
  }

  /** Room for `height` points below the cursor, else a new page. */
  need(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  lines(text: string, size: number, width: number): string[] {
    const lines = this.type.wrap(text, size, width);
    for (let i = 1; i < lines.length; i += 1) {
      while (NO_LINE_START.test(lines[i]!)) {
        const [first] = [...lines[i]!];
        lines[i - 1] += first!;
        lines[i] = lines[i]!.slice(first!.length);
      }
    }
    return lines.filter((l, i) => l !== '' || i === 0);
  }

  paragraph(text: string, size = BODY, x = MARGIN, width = COLUMN, color = BLACK): void {
    for (const line of this.lines(text, size, width)) {
      this.need(size * LEAD);
      this.y -= size * LEAD;
      this.type.draw(this.current.content, line, x, this.y + size * 0.3, size, color);
    }
  }

  title(text: string): void {
    this.y -= 18;
    const width = this.type.width(text, 17);
    this.type.draw(this.current.content, text, (PAGE.width - width) / 2, this.y, 17);
    this.y -= 14;
  }

  heading(text: string): void {
    this.need(BODY * LEAD * 2 + 30);
    this.y -= 10;
    this.paragraph(text, 11);
    this.current.content.line(MARGIN, this.y - 2, PAGE.width - MARGIN, this.y - 2, 0.5, RULE);
    this.y -= 4;
  }

  private box() {
    return {
      textColor: BLACK,
      backgroundColor: FIELD_FILL,
      borderColor: FIELD_BORDER,
      borderWidth: 0.75,
    };
  }

  /** A label on the left, the field's box on the right (or below it for a multi-line text). */
  text(b: Extract<Block, { kind: 'text' }>): void {
    const label = b.label[this.lang];
    const field = this.form.createTextField(fieldName(b.role, b.key));
    if (b.required) field.enableRequired();
    if (b.maxLength) field.setMaxLength(b.maxLength);
    tooltip(field, fieldLabel(b.role, label, this.lang));
    if (b.multiline) {
      field.enableMultiline();
      this.need(BODY * LEAD + 64);
      this.paragraph(label);
      this.y -= 60;
      field.addToPage(this.current.page, { x: MARGIN, y: this.y, width: COLUMN, height: 56, ...this.box() });
      this.y -= 4;
      return;
    }
    const lines = this.lines(label, BODY, LABEL_WIDTH - 8);
    const height = Math.max(FIELD_HEIGHT + 6, lines.length * BODY * LEAD + 6);
    this.need(height);
    const top = this.y;
    lines.forEach((line, i) =>
      this.type.draw(this.current.content, line, MARGIN, top - 13 - i * BODY * LEAD, BODY),
    );
    this.y -= height;
    field.addToPage(this.current.page, {
      x: MARGIN + LABEL_WIDTH,
      y: top - FIELD_HEIGHT - 3,
      width: COLUMN - LABEL_WIDTH,
      height: FIELD_HEIGHT,
      ...this.box(),
    });
  }

  check(b: Extract<Block, { kind: 'check' }>): void {
    const label = b.label[this.lang];
    const field = this.form.createCheckBox(fieldName(b.role, b.key));
    tooltip(field, fieldLabel(b.role, label, this.lang));
    const lines = this.lines(label, BODY, COLUMN - 22);
    const height = Math.max(18, lines.length * BODY * LEAD + 5);
    this.need(height);
    const top = this.y;
    field.addToPage(this.current.page, { x: MARGIN, y: top - 15, width: 12, height: 12, ...this.box() });
    lines.forEach((line, i) =>
      this.type.draw(this.current.content, line, MARGIN + 22, top - 12 - i * BODY * LEAD, BODY),
    );
    this.y -= height;
  }

  choice(b: Extract<Block, { kind: 'choice' }>): void {
    const label = b.label[this.lang];
    const field = this.form.createDropdown(fieldName(b.role, b.key));
    field.addOptions(b.options.map((o) => o[this.lang]));
    tooltip(field, fieldLabel(b.role, label, this.lang));
    this.need(FIELD_HEIGHT + 6);
    const top = this.y;
    this.type.draw(this.current.content, label, MARGIN, top - 13, BODY);
    field.addToPage(this.current.page, {
      x: MARGIN + LABEL_WIDTH,
      y: top - FIELD_HEIGHT - 3,
      width: 200,
      height: FIELD_HEIGHT,
      ...this.box(),
    });
    this.y -= FIELD_HEIGHT + 6;
  }

  /** The role's name, a signature box and the date beside it. */
  sign(role: RoleKey): void {
    const height = 86;
    this.need(height);
    const top = this.y - 8;
    const content = this.current.content;
    this.type.draw(content, ROLE_NAMES[role][this.lang], MARGIN, top - 12, 11);
    this.type.draw(content, SIGNATURE[this.lang], MARGIN, top - 30, BODY, GREY);
    this.signature(role, SIGNATURE[this.lang], { x: MARGIN, y: top - 82, width: 250, height: 46 });
    const dateX = MARGIN + 280;
    this.type.draw(content, SIGN_DATE[this.lang], dateX, top - 30, BODY, GREY);
    const date = this.form.createTextField(fieldName(role, 'date'));
    tooltip(date, fieldLabel(role, SIGN_DATE[this.lang], this.lang));
    date.addToPage(this.current.page, {
      x: dateX,
      y: top - 58,
      width: 150,
      height: FIELD_HEIGHT + 2,
      ...this.box(),
    });
    this.y -= height + 8;
  }

  /** pdf-lib makes no signature fields: one made the way createTextField makes a text field. */
  private signature(
    role: RoleKey,
    label: string,
    rect: { x: number; y: number; width: number; height: number },
  ) {
    const context = this.doc.context;
    const finder = this.form as unknown as {
      findOrCreateNonTerminals(names: string[]): [PDFAcroNonTerminal, PDFRef];
    };
    const [parent, parentRef] = finder.findOrCreateNonTerminals([role]);
    const dict = context.obj({ FT: 'Sig', Kids: [] });
    const acro = PDFAcroSignature.fromDict(dict, context.register(dict));
    acro.setPartialName('signature');
    parent.addField(acro.ref);
    acro.setParent(parentRef);
    acro.setFlagTo(2, true); // Required (field flag 2): every role signs
    const field = PDFSignature.of(acro, acro.ref, this.doc);
    tooltip(field, fieldLabel(role, label, this.lang));
    const widget = (
      field as unknown as { createWidget(o: object): { dict: Parameters<typeof context.register>[0] } }
    ).createWidget({
      ...rect,
      ...this.box(),
      rotate: degrees(0),
      page: this.current.page.ref,
    });
    const widgetRef = context.register(widget.dict);
    acro.addWidget(widgetRef);
    this.current.page.node.addAnnot(widgetRef);
  }

  finish(fonts: FontSet): void {
    const footer = FOOTER[this.lang];
    this.pages.forEach(({ content }, i) => {
      this.type.draw(content, footer, MARGIN, MARGIN - 16, 7.5, GREY);
      const number = `${i + 1} / ${this.pages.length}`;
      this.type.draw(
        content,
        number,
        PAGE.width - MARGIN - this.type.width(number, 7.5),
        MARGIN - 16,
        7.5,
        GREY,
      );
    });
    for (const { content } of this.pages) content.finish(this.doc, fonts);
  }
}

/** Every string a form draws, so the fonts it needs are embedded before drawing starts. */
function textsOf(form: GalleryForm, lang: GalleryLanguage): string[] {
  const texts = [FORM_TITLES[form][lang], FOOTER[lang], SIGNATURE[lang], SIGN_DATE[lang], '0123456789 /'];
  for (const b of FORM_CONTENT[form]) {
    if (b.kind === 'heading' || b.kind === 'para') texts.push(b.text[lang]);
    else if (b.kind === 'sign') texts.push(ROLE_NAMES[b.role][lang]);
    else texts.push(b.label[lang], ...(b.kind === 'choice' ? b.options.map((o) => o[lang]) : []));
  }
  return texts;
}

export async function buildGalleryPdf(form: GalleryForm, lang: GalleryLanguage): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const title = FORM_TITLES[form][lang];
  doc.setTitle(title);
  doc.setAuthor('SignSeal');
  doc.setCreator('SignSeal starter forms');
  doc.setProducer('SignSeal (pdf-lib)');
  doc.setCreationDate(WRITTEN);
  doc.setModificationDate(WRITTEN);
  doc.catalog.set(PDFName.of('Lang'), PDFString.of(PDF_LANG[lang]));
  const fonts = new FontSet(doc);
  await fonts.prepare(textsOf(form, lang));
  const layout = new Layout(doc, doc.getForm(), new Typesetter(fonts), lang);
  layout.title(title);
  for (const block of FORM_CONTENT[form]) {
    switch (block.kind) {
      case 'heading':
        layout.heading(block.text[lang]);
        break;
      case 'para':
        layout.paragraph(block.text[lang]);
        break;
      case 'text':
        layout.text(block);
        break;
      case 'check':
        layout.check(block);
        break;
      case 'choice':
        layout.choice(block);
        break;
      case 'sign':
        layout.sign(block.role);
        break;
    }
  }
  layout.finish(fonts);
  return doc.save({ updateFieldAppearances: true });
}
