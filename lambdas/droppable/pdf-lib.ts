// pdf-lib behind a module boundary that esbuild may drop. pdf-lib runs code at import time (compiled
// enums), so esbuild keeps all of it (about 420 KB minified with its fonts, pako and upng) in every
// bundle that imports it, even where nothing calls it. This folder's package.json declares its
// modules free of side effects: a bundle keeps pdf-lib only when its handler really uses these
// exports (complete-upload). See docs/performance.md (cold start).
export {
  EncryptedPDFError,
  PDFCheckBox,
  PDFDocument,
  PDFDropdown,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFTextField,
} from 'pdf-lib';
