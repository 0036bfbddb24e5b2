// /{lang}/terms, /privacy, /refund (doc 2 §9.3 and §9.4).
import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicContent } from '../hooks/use-public-content';

export function TermsPage() {
  const { t } = useTranslation();
  const { copy, copyLocale } = usePublicContent();
  const title = t('public.pages.terms');
  useDocumentTitle(title);
  return <LegalDocument title={title} document={copy.terms} lang={copyLocale} withContents />;
}

export function PrivacyPage() {
  const { t } = useTranslation();
  const { copy, copyLocale } = usePublicContent();
  const title = t('public.pages.privacy');
  useDocumentTitle(title);
  return <LegalDocument title={title} document={copy.privacy} lang={copyLocale} withContents />;
}

export function RefundPage() {
  const { t } = useTranslation();
  const { copy, copyLocale } = usePublicContent();
  const title = t('public.pages.refund');
  useDocumentTitle(title);
  return <LegalDocument title={title} document={copy.refund} lang={copyLocale} />;
}
