// The funnel's lazy pdf.js page renderer, reused by the signer page. The one cross-feature import of
// the signer feature, kept in this re-export so it is easy to move both to a shared place later.
import '../../funnel/funnel.css';

export { PdfPages } from '../../funnel/components/pdf-pages';
export { preloadPdfjs } from '../../funnel/components/pdf-loader';
