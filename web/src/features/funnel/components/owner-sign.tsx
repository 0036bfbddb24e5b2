// The owner as a contractor (spec doc 1 §5 "Contractors", `is_owner`): the owner's areas are signed
// at sending with the owner's default sign. The funnel shows that sign in the owner's areas; an owner
// without one makes it here with the signer's sign maker (draw / auto generation), saved with
// POST /api/me/signs as the new default before sending.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../app/paths';
import { SignMaker } from '../../signer/components/sign-maker';
import { createOwnerSign, listOwnerSigns } from '../api/owner-signs';
import type { DocumentView } from '../api/documents';
import { ErrorText } from './error-text';

/** The owner's default sign as the funnel needs it: its id and a presigned image URL. */
export interface OwnerSignImage {
  signId: string;
  url: string;
}

export interface OwnerSignState {
  /** The owner is one of the document's contractors. */
  needed: boolean;
  loading: boolean;
  sign: OwnerSignImage | null;
  error: string | null;
  setSign: (sign: OwnerSignImage) => void;
}

/** Loads the owner's default sign when the owner is one of the contractors. */
export function useOwnerSign(doc: DocumentView): OwnerSignState {
  const { t } = useTranslation();
  const needed = doc.recipients.some((r) => r.isOwner);
  const [sign, setSign] = useState<OwnerSignImage | null>(null);
  const [loading, setLoading] = useState(needed);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!needed) return;
    const controller = new AbortController();
    setLoading(true);
    listOwnerSigns(controller.signal).then(
      (list) => {
        const found = list.signs.find((s) => s.signId === list.defaultSignId);
        setSign(found ? { signId: found.signId, url: found.url } : null);
        setLoading(false);
      },
      () => {
        if (controller.signal.aborted) return;
        setError(t('ownerSigns.errors.loadFailed'));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [needed, t]);

  return { needed, loading, sign, error, setSign };
}

/** Whether a contractor's areas show the owner's sign (the URL), else null. */
export function ownerSignUrlOf(doc: DocumentView, state: OwnerSignState) {
  const owners = new Set(doc.recipients.filter((r) => r.isOwner).map((r) => r.index));
  return (recipientIndex: number): string | null =>
    owners.has(recipientIndex) ? (state.sign?.url ?? null) : null;
}

/** The owner's sign panel: the default sign, or 'Make your sign' when there is none. */
export function OwnerSignPanel({ state, lang }: { state: OwnerSignState; lang: Lang }) {
  const { t } = useTranslation();
  const [making, setMaking] = useState(false);
  if (!state.needed) return null;
  return (
    <section className="funnel-owner-sign" data-testid="owner-sign-panel" aria-live="polite">
      <h3>{t('ownerSigns.title')}</h3>
      <p className="field-hint">{t('ownerSigns.hint')}</p>
      {state.loading ? (
        <p>{t('ownerSigns.loading')}</p>
      ) : state.sign ? (
        <img
          className="funnel-owner-sign-preview"
          src={state.sign.url}
          alt={t('ownerSigns.preview')}
          data-testid="owner-sign-preview"
        />
      ) : (
        <p className="funnel-owner-sign-needed" data-testid="owner-sign-needed">
          {t('ownerSigns.needed')}
        </p>
      )}
      <ErrorText message={state.error} testId="owner-sign-error" />
      {!state.loading && (
        <button
          type="button"
          className={state.sign ? 'button button-secondary button-small' : 'button button-primary'}
          onClick={() => setMaking(true)}
          data-testid="owner-sign-make"
        >
          {state.sign ? t('ownerSigns.change') : t('ownerSigns.make')}
        </button>
      )}
      {making && (
        <SignMaker
          defaultScript={lang === 'jp' ? 'ja' : 'en'}
          upload={(image, kind) => createOwnerSign({ image, kind, makeDefault: true })}
          onCreated={(created) => {
            state.setSign({ signId: created.signId, url: created.url });
            setMaking(false);
          }}
          onCancel={() => setMaking(false)}
        />
      )}
    </section>
  );
}
