// The gallery of starter forms on the Templates page (issue #27 item 5): real-estate forms this
// project wrote (lease, purchase agreement, property disclosure) in each language, the page's language
// first and shown alone until another is chosen. "Add to my templates" makes an ordinary template of
// the caller's; the notice that says so holds "Use it now" (focused: one key press or click to the
// Use template page), and the list above reloads. A refusal — the plan's limit with its plans link —
// is said here, where the person pressed.
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GalleryFormSummary, TemplateView } from '../../../../../shared/api/schemas';
import { LANGUAGES, NATIVE_LANGUAGE_NAMES } from '../../../../../shared/i18n/core';
import { localeOf } from '../../../app/i18n';
import { paths, type Lang } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { addGalleryForm } from '../api/templates-api';
import { RefusalNotice, refusalOf, type Refusal } from './refusal';

const ALL = 'all';

export function Gallery({
  forms,
  onAdded,
}: {
  forms: readonly GalleryFormSummary[];
  /** Called once a form is added, so the page lists the new template. */
  onAdded: () => unknown;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const id = useId();
  const [language, setLanguage] = useState<Lang | typeof ALL>(lang);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<Refusal | null>(null);
  const [added, setAdded] = useState<TemplateView | null>(null);
  const useNow = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (added) useNow.current?.focus();
  }, [added]);

  // The page's language first, then the others in the server's order.
  const shown = forms
    .filter((f) => language === ALL || f.language === language)
    .sort((a, b) => Number(a.language !== lang) - Number(b.language !== lang));

  async function add(form: GalleryFormSummary) {
    setBusy(form.galleryId);
    setError(null);
    setAdded(null);
    try {
      const view = await addGalleryForm(form.galleryId);
      await onAdded();
      setAdded(view);
    } catch (e) {
      setError(refusalOf(t, e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="template-gallery" data-testid="template-gallery">
      <h2 id={`${id}-title`}>{t('templateGallery.title')}</h2>
      <p className="muted">{t('templateGallery.intro')}</p>
      <label className="field template-gallery-language">
        <span>{t('templateGallery.language')}</span>
        <select
          value={language}
          onChange={(e) => setLanguage(e.target.value as Lang | typeof ALL)}
          data-testid="gallery-language"
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={localeOf(code)}>
              {NATIVE_LANGUAGE_NAMES[localeOf(code)]}
            </option>
          ))}
          <option value={ALL}>{t('templateGallery.allLanguages')}</option>
        </select>
      </label>
      {added ? (
        <div
          className="notice notice-success template-gallery-added"
          role="status"
          data-testid="gallery-added"
        >
          <p>{t('templateGallery.added', { title: added.title })}</p>
          <button
            ref={useNow}
            type="button"
            className="button button-primary"
            data-testid="gallery-use"
            onClick={() => void navigate(paths.homeTemplateUse.getHref(lang, added.templateId))}
          >
            {t('templateGallery.useNow')}
          </button>
        </div>
      ) : null}
      <RefusalNotice refusal={error} testId="gallery-error" />
      {shown.length === 0 ? <p className="muted">{t('templateGallery.none')}</p> : null}
      <ul className="template-list">
        {shown.map((form) => {
          const locale = localeOf(form.language);
          const titleId = `${id}-${form.galleryId}`;
          return (
            <li
              key={form.galleryId}
              className="card template-card"
              data-testid="gallery-form"
              data-gallery-id={form.galleryId}
            >
              <h3 id={titleId} lang={locale}>
                {form.title}
              </h3>
              <p className="muted">
                <span lang={locale}>{NATIVE_LANGUAGE_NAMES[locale]}</span> ·{' '}
                {t('templateGallery.roles', { roles: form.roles.join(', ') })} ·{' '}
                {t('templateGallery.details', { fields: form.fieldCount, pages: form.pageCount })}
              </p>
              <div className="template-actions">
                <button
                  type="button"
                  className="button"
                  aria-describedby={titleId}
                  aria-busy={busy === form.galleryId || undefined}
                  disabled={busy !== null}
                  data-testid="gallery-add"
                  onClick={() => void add(form)}
                >
                  {busy === form.galleryId ? t('templateGallery.adding') : t('templateGallery.add')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
