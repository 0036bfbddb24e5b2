// The sign manager of /home/sign (spec doc 1 §2, architecture §17): every saved sign and stamp as a
// card, the default marked; set as default, download (PNG) and delete with a confirmation. 'error'
// when the list cannot be loaded; 'Error: delete_sign_stamp: …' when a deletion fails.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OWNER_SIGN_KINDS } from '../../../../../shared/api/schemas';
import { localeForPath } from '../../../../../shared/i18n/core';
import { ConfirmDialog } from '../../../components/modal';
import { useLang } from '../../../app/use-lang';
import { formatDateTime } from '../../../lib/format';
import {
  deleteOwnerSign,
  listOwnerSigns,
  setDefaultSign,
  type OwnerSign,
  type OwnerSignsResponse,
} from '../../funnel/api/owner-signs';
import { describeError } from '../../signer/messages';

const kindKey = (kind: string) => OWNER_SIGN_KINDS.find((k) => k === kind) ?? 'upload';

/**
 * Saves the sign's image as a PNG file (the presigned URL is on another origin: fetched first). Not
 * from the HTTP cache: the card's <img> loaded the same URL without an Origin header, and the storage
 * answers that without CORS headers and without `Vary: Origin`, so a cached copy fails this CORS
 * fetch ("An unexpected error occurred", intermittently, in the sign-maker journey).
 */
async function download(sign: OwnerSign): Promise<void> {
  const response = await fetch(sign.url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const href = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = `${sign.kind}-${sign.signId}.png`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function SignManager({ version }: { version: number }) {
  const { t } = useTranslation();
  const locale = localeForPath(useLang());
  const [list, setList] = useState<OwnerSignsResponse | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<OwnerSign | null>(null);

  const load = useCallback((signal?: AbortSignal) => {
    listOwnerSigns(signal).then(
      (answer) => {
        setList(answer);
        setLoadError(false);
      },
      () => {
        if (!signal?.aborted) setLoadError(true);
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load, version]);

  const act = async (action: () => Promise<OwnerSignsResponse | void>, fail: (err: unknown) => string) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await action();
      if (answer) setList(answer);
    } catch (err) {
      setError(fail(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (sign: OwnerSign) => {
    setDeleting(null);
    await act(
      () => deleteOwnerSign(sign.signId),
      (err) => t('signs.errors.deleteFailed', { errmsg: describeError(t, err) }),
    );
  };

  return (
    <section className="signs-manager" data-testid="sign-manager" aria-labelledby="sign-manager-title">
      <h2 id="sign-manager-title">{t('signs.manager.title')}</h2>
      {loadError ? (
        <p className="field-error" role="alert" data-testid="sign-manager-load-error">
          {t('signs.errors.loadFailed')}
        </p>
      ) : !list ? (
        <p>{t('signs.manager.loading')}</p>
      ) : list.signs.length === 0 ? (
        <p data-testid="sign-manager-empty">{t('signs.manager.empty')}</p>
      ) : (
        <>
          <p className="field-hint">
            {t('signs.manager.count', { count: list.signs.length, max: list.max })}
          </p>
          <ul className="signs-cards">
            {list.signs.map((sign) => (
              <li
                key={sign.signId}
                className={sign.isDefault ? 'signs-card default' : 'signs-card'}
                data-testid="sign-card"
                data-sign-id={sign.signId}
                data-kind={sign.kind}
                data-default={sign.isDefault}
              >
                <img
                  src={sign.url}
                  alt={t('signs.manager.image', {
                    kind: t(`signs.manager.kinds.${kindKey(sign.kind)}`),
                    date: formatDateTime(sign.createdAt, locale),
                  })}
                />
                {sign.isDefault && <strong className="signs-default">{t('signs.manager.default')}</strong>}
                <div className="signs-card-actions">
                  {!sign.isDefault && (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={busy}
                      onClick={() =>
                        void act(
                          () => setDefaultSign(sign.signId),
                          (err) => describeError(t, err),
                        )
                      }
                    >
                      {t('signs.manager.setDefault')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() =>
                      void act(
                        () => download(sign),
                        (err) => describeError(t, err),
                      )
                    }
                  >
                    {t('signs.manager.download')}
                  </button>
                  <button
                    type="button"
                    className="button button-danger button-small"
                    disabled={busy}
                    onClick={() => setDeleting(sign)}
                  >
                    {t('signs.manager.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="sign-manager-error">
          {error}
        </p>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('signs.manager.confirmTitle')}
          text={t('signs.manager.confirmText')}
          confirmLabel={t('signs.manager.delete')}
          cancelLabel={t('common.cancel')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
          className="signer-dialog"
          testId="sign-delete-dialog"
        />
      )}
    </section>
  );
}
