// My Info → Embedded signing (issue #31 item 4, decision 160): the websites (exact origins) that may
// show this account's signing pages in an iframe. Add checks the origin here with the server's own
// rules (shared/domain/embed.ts) and shows why one is refused; Remove takes one out; Save sends the
// list (PUT /api/account/embed-origins), which the server judges again. A plan without the feature
// shows the editor disabled with the plans link; a company member sees who manages it.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EmbedOriginsSettings } from '../../../../../shared/api/schemas';
import { MAX_EMBED_ORIGINS, normalizeEmbedOrigin } from '../../../../../shared/domain/embed';
import { paths, type Lang } from '../../../app/paths';
import { errorMessage } from '../../../lib/error-message';
import { getEmbedOrigins, saveEmbedOrigins } from '../api/embed-origins-api';
import '../embed-origins.css';

type Status =
  | { kind: 'loading' }
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'saved' }
  | { kind: 'failed'; message: string };

export function EmbedOriginsForm({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const id = useId();
  const [settings, setSettings] = useState<EmbedOriginsSettings | null>(null);
  const [origins, setOrigins] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });

  const adopt = (s: EmbedOriginsSettings) => {
    setSettings(s);
    setOrigins(s.origins);
  };

  useEffect(() => {
    let live = true;
    getEmbedOrigins()
      .then((s) => {
        if (!live) return;
        adopt(s);
        setStatus({ kind: 'idle' });
      })
      .catch((error: unknown) => live && setStatus({ kind: 'failed', message: errorMessage(t, error) }));
    return () => {
      live = false;
    };
  }, [t]);

  const max = settings?.max ?? MAX_EMBED_ORIGINS;
  const editable = settings !== null && settings.role === 'owner' && settings.allowed;
  const busy = status.kind === 'busy' || status.kind === 'loading';
  const inputId = `${id}-origin`;
  const errorId = `${id}-origin-error`;

  const add = () => {
    setStatus({ kind: 'idle' });
    const result = normalizeEmbedOrigin(draft, { allowLoopback: settings?.allowLoopback ?? false });
    if (!result.ok) return setDraftError(t(`embed.errors.${result.reason}`));
    if (origins.includes(result.origin)) return setDraftError(t('embed.errors.duplicate'));
    if (origins.length >= max) return setDraftError(t('embed.errors.tooMany', { max }));
    setOrigins([...origins, result.origin]);
    setDraft('');
    setDraftError(null);
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    add();
  };

  const save = async () => {
    setStatus({ kind: 'busy' });
    try {
      adopt(await saveEmbedOrigins({ origins }));
      setStatus({ kind: 'saved' });
    } catch (error) {
      setStatus({ kind: 'failed', message: errorMessage(t, error) });
    }
  };

  const titleId = `${id}-title`;
  return (
    <section className="card embed-origins" aria-labelledby={titleId} data-testid="embed-origins">
      <h2 id={titleId}>{t('embed.origins.title')}</h2>
      <p className="field-hint">{t('embed.origins.intro', { max })}</p>
      <p className="field-hint">{t('embed.origins.docs')}</p>
      {settings?.allowLoopback ? <p className="field-hint">{t('embed.origins.loopbackNote')}</p> : null}
      {settings?.role === 'member' && settings.managedBy ? (
        <p data-testid="embed-origins-managed-by">
          {t('embed.origins.managedBy', { name: settings.managedBy.name, email: settings.managedBy.email })}
        </p>
      ) : null}
      {settings && settings.role === 'owner' && !settings.allowed ? (
        <p data-testid="embed-origins-plan-required">
          {t('embed.origins.planRequired')}{' '}
          <Link to={paths.homeSelectPlan.getHref(lang)} className="button button-secondary">
            {t('embed.origins.viewPlans')}
          </Link>
        </p>
      ) : null}
      <form onSubmit={onAdd} noValidate>
        <fieldset disabled={!editable || busy} className="embed-origins-fields">
          <legend className="visually-hidden">{t('embed.origins.title')}</legend>
          <div className="field">
            <label htmlFor={inputId}>{t('embed.origins.label')}</label>
            <div className="embed-origins-row">
              <input
                id={inputId}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder={t('embed.origins.placeholder')}
                value={draft}
                aria-invalid={draftError ? true : undefined}
                aria-describedby={draftError ? errorId : undefined}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setDraftError(null);
                }}
                data-testid="embed-origin-input"
              />
              <button type="submit" className="button button-secondary" data-testid="embed-origin-add">
                {t('embed.origins.add')}
              </button>
            </div>
            {draftError ? (
              <p id={errorId} className="field-error" role="alert" data-testid="embed-origin-error">
                {draftError}
              </p>
            ) : null}
          </div>
        </fieldset>
      </form>
      <h3 className="embed-origins-list-title">{t('embed.origins.listLabel')}</h3>
      <p className="field-hint" data-testid="embed-origins-count">
        {t('embed.origins.count', { count: origins.length, max })}
      </p>
      {origins.length === 0 ? (
        <p data-testid="embed-origins-none">{t('embed.origins.none')}</p>
      ) : (
        <ul className="embed-origins-list" data-testid="embed-origins-list">
          {origins.map((origin) => (
            <li key={origin}>
              <code>{origin}</code>
              <button
                type="button"
                className="button button-secondary"
                disabled={!editable || busy}
                aria-label={t('embed.origins.remove', { origin })}
                onClick={() => {
                  setOrigins(origins.filter((o) => o !== origin));
                  setStatus({ kind: 'idle' });
                }}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!editable || busy}
          onClick={() => void save()}
          data-testid="embed-origins-save"
        >
          {t('embed.origins.save')}
        </button>
      </div>
      <p className="form-status" role="status" aria-live="polite" data-testid="embed-origins-status">
        {status.kind === 'saved' ? t('embed.origins.saved') : null}
      </p>
      {status.kind === 'failed' ? (
        <p className="field-error" role="alert" data-testid="embed-origins-failure">
          {status.message}
        </p>
      ) : null}
    </section>
  );
}
