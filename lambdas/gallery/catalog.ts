// The gallery of starter forms (issue #27 item 5): real-estate forms this project writes itself — a
// residential lease, a purchase agreement and a property disclosure, each in English, Japanese and
// Korean — kept as PDFs with form fields (AcroForm) under ./forms, written by `npm run gallery:build`
// (./write-forms.ts; docs/decisions.md 142). A form's field names say whose field it is: the part
// before the first dot is the role's key (`tenant.name`, `seller.signature`), which this catalogue
// names in the form's language. Adding one to a user's templates (usecases/gallery.ts) makes an
// ordinary template from the PDF and its fields (read from the PDF by the generator: `*.fields.json`).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '../../shared/domain/constants';
import type { FieldType } from '../../shared/domain/fields';

export const GALLERY_FORMS = ['lease', 'purchase', 'disclosure'] as const;
export type GalleryForm = (typeof GALLERY_FORMS)[number];
export const GALLERY_LANGUAGES = ['en', 'jp', 'ko'] as const satisfies readonly Language[];
export type GalleryLanguage = (typeof GALLERY_LANGUAGES)[number];
export type RoleKey = 'landlord' | 'tenant' | 'seller' | 'buyer';

type ByLanguage = Readonly<Record<GalleryLanguage, string>>;

export const ROLE_NAMES: Readonly<Record<RoleKey, ByLanguage>> = {
  landlord: { en: 'Landlord', jp: '貸主', ko: '임대인' },
  tenant: { en: 'Tenant', jp: '借主', ko: '임차인' },
  seller: { en: 'Seller', jp: '売主', ko: '매도인' },
  buyer: { en: 'Buyer', jp: '買主', ko: '매수인' },
};

export const FORM_ROLES: Readonly<Record<GalleryForm, readonly [RoleKey, RoleKey]>> = {
  lease: ['landlord', 'tenant'],
  purchase: ['seller', 'buyer'],
  disclosure: ['seller', 'buyer'],
};

export const FORM_TITLES: Readonly<Record<GalleryForm, ByLanguage>> = {
  lease: { en: 'Residential Lease Agreement', jp: '住宅賃貸借契約書', ko: '주택 임대차 계약서' },
  purchase: { en: 'Real Estate Purchase Agreement', jp: '不動産売買契約書', ko: '부동산 매매 계약서' },
  disclosure: {
    en: 'Property Condition Disclosure Statement',
    jp: '物件状況確認書（告知書）',
    ko: '부동산 상태 고지서',
  },
};

export interface GalleryEntry {
  /** `lease-jp`: the form and the product's language code. */
  readonly id: string;
  readonly form: GalleryForm;
  readonly language: GalleryLanguage;
  readonly title: string;
  /** The roles' keys, in the order the template's roles take (the first is the one who prepares it). */
  readonly roleKeys: readonly [RoleKey, RoleKey];
  readonly roles: readonly [string, string];
  /** The PDF's file name under ./forms (and the template's original file name). */
  readonly file: string;
}

export const GALLERY: readonly GalleryEntry[] = GALLERY_FORMS.flatMap((form) =>
  GALLERY_LANGUAGES.map((language) => {
    const roleKeys = FORM_ROLES[form];
    return {
      id: `${form}-${language}`,
      form,
      language,
      title: FORM_TITLES[form][language],
      roleKeys,
      roles: [ROLE_NAMES[roleKeys[0]][language], ROLE_NAMES[roleKeys[1]][language]] as const,
      file: `${form}-${language}.pdf`,
    };
  }),
);

export function galleryEntry(id: string): GalleryEntry | undefined {
  return GALLERY.find((g) => g.id === id);
}

/** The folder of the PDFs in this repository (the generator writes here; tests and local runs read). */
export const GALLERY_SOURCE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'forms');

/** Where the PDFs are read: `GALLERY_DIR` in a Lambda bundle (lib/function-assets.ts), else the source. */
export function galleryDir(): string {
  return process.env.GALLERY_DIR?.replace(/\/+$/, '') || GALLERY_SOURCE_DIR;
}

export function readGalleryPdf(entry: GalleryEntry): Uint8Array {
  return readFileSync(join(galleryDir(), entry.file));
}

/** A form's pages and its fields by role, as the generator read them from the PDF (../gallery/fields.ts). */
export interface GalleryFormFields {
  pages: { width: number; height: number }[];
  roles: {
    name: string;
    fields: {
      pageIndex: number;
      x: number;
      y: number;
      width: number;
      height: number;
      type: FieldType;
      required: boolean;
      label: string;
      multiline?: boolean;
      maxLength?: number;
      options?: string[];
    }[];
  }[];
}

/** The file beside the PDF that holds its fields (`lease-jp.fields.json`). */
export function fieldsFileOf(entry: GalleryEntry): string {
  return entry.file.replace(/\.pdf$/, '.fields.json');
}

/**
 * The fields of a form, read once from the PDF by the generator and kept beside it: adding a form
 * opens no PDF, so the templates function carries no PDF library (a test checks the two agree).
 */
export function readGalleryFields(entry: GalleryEntry): GalleryFormFields {
  return JSON.parse(readFileSync(join(galleryDir(), fieldsFileOf(entry)), 'utf8')) as GalleryFormFields;
}
