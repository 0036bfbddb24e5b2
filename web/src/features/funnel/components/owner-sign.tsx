// The owner as a contractor (spec doc 1 §5 "Contractors", `is_owner`): the owner's areas are signed
// at sending with the owner's default sign. The funnel shows that sign in the owner's areas; an owner
// without one makes it here with the signer's sign maker (draw / auto generation), saved with
// POST /api/me/signs as the new default before sending. Issue #17: the owner's saved signs and
// stamps are offered as cards; choosing one makes it the default (PUT /api/me/signs/default).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OWNER_SIGN_KINDS } from '../../../../../shared/api/schemas';
import { paths, type Lang } from '../../../app/paths';
import { SignMaker } from '../../signer/components/sign-maker';
import { describeError } from '../../signer/messages';
import { createOwnerSign, listOwnerSigns, setDefaultSign, type OwnerSign } from '../api/owner-signs';
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
  /** Every saved sign and stamp (issue #17), to choose from. */
  signs: OwnerSign[];
  error: string | null;
  setSign: (sign: OwnerSignImage) => void;
  /** Makes a saved sign or stamp the default, so it goes into the owner's areas. */
  choose: (signId: string) => Promise<void>;
}

/** Loads the owner's default sign when the owner is one of the contractors. */
export function useOwnerSign(doc: DocumentView): OwnerSignState {
  const { t } = useTranslation();
  // A video contract has no sign areas: the owner's video is their agreement.
  const needed = doc.kind !== 'vcontract' && doc.recipients.some((r) => r.isOwner);
  const [sign, setSign] = useState<OwnerSignImage | null>(null);
  const [signs, setSigns] = useState<OwnerSign[]>([]);
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
        setSigns(list.signs);
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

  const choose = async (signId: string) => {
    setError(null);
    try {
      const list = await setDefaultSign(signId);
      const found = list.signs.find((s) => s.signId === list.defaultSignId);
      if (found) setSign({ signId: found.signId, url: found.url });
      setSigns(list.signs);
    } catch (err) {
      setError(describeError(t, err));
    }
  };

  const made = (created: OwnerSignImage) => {
    setSign(created);
    // The new sign joins the cards (it is the new default).
    void listOwnerSigns().then(
      (list) => setSigns(list.signs),
      () => undefined,
    );
  };

  return { needed, loading, sign, signs, error, setSign: made, choose };
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
      {!state.loading && state.signs.length > 0 && <OwnerSignCards state={state} />}
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
      )}{' '}
      <Link
        className="button button-secondary button-small"
        to={paths.homeSign.getHref(lang)}
        target="_blank"
        rel="noopener"
        data-testid="owner-sign-maker-link"
      >
        {t('ownerSigns.openMaker')}
      </Link>
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

const kindKey = (kind: string) => OWNER_SIGN_KINDS.find((k) => k === kind) ?? 'upload';

/** The saved signs and stamps as cards; the chosen one (the default) is pressed. */
function OwnerSignCards({ state }: { state: OwnerSignState }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <div role="group" aria-label={t('ownerSigns.choose')} className="funnel-owner-sign-cards">
      {state.signs.map((s) => {
        const chosen = s.signId === state.sign?.signId;
        return (
          <button
            key={s.signId}
            type="button"
            className={chosen ? 'funnel-owner-sign-card chosen' : 'funnel-owner-sign-card'}
            aria-pressed={chosen}
            disabled={busy}
            onClick={() => {
              if (chosen) return;
              setBusy(true);
              void state.choose(s.signId).finally(() => setBusy(false));
            }}
            data-testid="owner-sign-card"
            data-sign-id={s.signId}
            data-kind={s.kind}
          >
            <img src={s.url} alt={t(`signs.manager.kinds.${kindKey(s.kind)}`)} />
          </button>
        );
      })}
    </div>
  );
}
