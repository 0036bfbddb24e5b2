// The bundles' `@pdf-lib/standard-fonts`: the names of the 14 standard PDF fonts, without their
// metrics and encodings (131 KB minified, and an inflate + JSON.parse of every encoding at import).
// Replaced in lib/bundle-aliases.ts for the three functions that carry pdf-lib (seal, anchor,
// complete-upload), none of which ever embeds or measures a standard font:
// - pdf-lib reads the metrics and encodings only in StandardFontEmbedder, which it builds only in
//   `embedFont(<a standard font name>)` and `embedStandardFont`. Those are called by our code never
//   (the sealing module embeds the Noto TTF files, lambdas/sealing/fonts.ts), by `PDFPage.drawText`
//   only without a `font` option (lambdas/sealing/typeset.ts always passes one), and by PDFForm's
//   default font (field appearances), which only exists after `getForm()` (called by neither our code
//   nor @signpdf/placeholder-pdf-lib, which edits /AcroForm directly) and which both saves skip
//   (`save({ updateFieldAppearances: false })`). complete-upload only loads a PDF and reads its pages.
// - The font NAMES stay real: `embedFont` compares every font it gets against them.
// If some future code reaches a standard font in a bundle, it fails with the message below rather
// than drawing wrong text. Checked on a real bundle in test/cdk/sealing-bundle.test.ts.

export enum FontNames {
  Courier = 'Courier',
  CourierBold = 'Courier-Bold',
  CourierOblique = 'Courier-Oblique',
  CourierBoldOblique = 'Courier-BoldOblique',
  Helvetica = 'Helvetica',
  HelveticaBold = 'Helvetica-Bold',
  HelveticaOblique = 'Helvetica-Oblique',
  HelveticaBoldOblique = 'Helvetica-BoldOblique',
  TimesRoman = 'Times-Roman',
  TimesRomanBold = 'Times-Bold',
  TimesRomanItalic = 'Times-Italic',
  TimesRomanBoldItalic = 'Times-BoldItalic',
  Symbol = 'Symbol',
  ZapfDingbats = 'ZapfDingbats',
}

export const STANDARD_FONTS_LEFT_OUT =
  'the standard PDF fonts (Helvetica, Times, Courier, Symbol, ZapfDingbats) are left out of the Lambda bundles ' +
  '(lib/bundle-aliases.ts): embed a font file (lambdas/sealing/fonts.ts), pass `font` to drawText, and save ' +
  'with `updateFieldAppearances: false`';

function leftOut(what: string): never {
  throw new Error(`${what}: ${STANDARD_FONTS_LEFT_OUT}`);
}

/** `Font.load(name)` of the real module: the metrics of a standard font. */
export class Font {
  static load(fontName: string): never {
    return leftOut(`standard font ${fontName}`);
  }
}

/** `Encodings.WinAnsi` etc. of the real module. */
export const Encodings = {
  get Symbol(): never {
    return leftOut('the Symbol encoding');
  },
  get ZapfDingbats(): never {
    return leftOut('the ZapfDingbats encoding');
  },
  get WinAnsi(): never {
    return leftOut('the WinAnsi encoding');
  },
};
