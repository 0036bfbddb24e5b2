// The app's page-title hook (app/page-title), where the public pages have always imported it from.
export { useDocumentTitle } from '../../../app/page-title';
