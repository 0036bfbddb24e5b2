// My Info → API (issue #31 item 1): the account's API keys. Create (a name and the permissions) opens
// a modal dialog; the new key is then shown in it once, with Copy and "you won't see it again". The
// list shows each key's name, visible prefix, permissions, creation and last use; Revoke asks in a
// dialog whose focus starts on its primary action. A plan without the API shows the plans link.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiKeyList, ApiKeyViewBody } from '../../../../../shared/api/schemas/api-keys';
import { API_SCOPES, type ApiScope } from '../../../../../shared/domain/api-keys';
import type { Locale } from '../../../../../shared/i18n';
import { paths, type Lang } from '../../../app/paths';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { createApiKey, listApiKeys, revokeApiKey } from '../api/api-keys-api';
import '../api-keys.css';

/** The catalogue key of a scope's label (i18next reads ':' as a namespace separator). */
const SCOPE_LABEL = {
  'documents:read': 'apiKeys.scope.documentsRead',
  'documents:write': 'apiKeys.scope.documentsWrite',
  'templates:read': 'apiKeys.scope.templatesRead',
} as const satisfies Record<ApiScope, string>;
const NAME_MAX = 60;

type CreateState =
  | { step: 'form'; busy: boolean; error: string | null }
  | { step: 'shown'; key: ApiKeyViewBody; secret: string; copy: 'idle' | 'copied' | 'failed' };

export function ApiKeys({ lang }: { lang: Lang }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const id = useId();
  const [list, setList] = useState<ApiKeyList | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['documents:read']);
  const [nameError, setNameError] = useState<string | null>(null);
  const [scopesError, setScopesError] = useState<string | null>(null);
  const [create, setCreate] = useState<CreateState>({ step: 'form', busy: false, error: null });
  const [revoking, setRevoking] = useState<ApiKeyViewBody | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const createDialog = useRef<HTMLDialogElement>(null);
  const revokeDialog = useRef<HTMLDialogElement>(null);
  const createOpener = useRef<HTMLButtonElement>(null);
  const revokeOpener = useRef<HTMLButtonElement | null>(null);
  const secretInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const revokeConfirm = useRef<HTMLButtonElement>(null);

  const reload = async () => {
    try {
      setList(await listApiKeys());
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(t, error));
    }
  };

  useEffect(() => {
    let live = true;
    listApiKeys()
      .then((l) => live && setList(l))
      .catch((error: unknown) => live && setLoadError(errorMessage(t, error)));
    return () => {
      live = false;
    };
  }, [t]);

  const openCreate = () => {
    setName('');
    setScopes(['documents:read']);
    setNameError(null);
    setScopesError(null);
    setStatus(null);
    setCreate({ step: 'form', busy: false, error: null });
    createDialog.current?.showModal();
  };

  const closeCreate = () => createDialog.current?.close();

  const toggleScope = (scope: ApiScope, on: boolean) => {
    setScopes((now) =>
      on ? API_SCOPES.filter((s) => s === scope || now.includes(s)) : now.filter((s) => s !== scope),
    );
    setScopesError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    const badName = trimmed.length < 1 || trimmed.length > NAME_MAX;
    setNameError(badName ? t('apiKeys.errors.name') : null);
    setScopesError(scopes.length === 0 ? t('apiKeys.errors.scopes') : null);
    if (badName) {
      nameInput.current?.focus();
      return;
    }
    if (scopes.length === 0) {
      event.currentTarget.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
      return;
    }
    setCreate({ step: 'form', busy: true, error: null });
    try {
      const created = await createApiKey({ name: trimmed, scopes });
      setCreate({ step: 'shown', key: created.key, secret: created.secret, copy: 'idle' });
      void reload();
    } catch (error) {
      setCreate({ step: 'form', busy: false, error: errorMessage(t, error) });
    }
  };

  // The key's field takes the focus when it is shown (the dialog's content changed under it).
  useEffect(() => {
    if (create.step === 'shown') secretInput.current?.focus();
  }, [create.step]);

  const copy = async () => {
    if (create.step !== 'shown') return;
    try {
      await navigator.clipboard.writeText(create.secret);
      setCreate({ ...create, copy: 'copied' });
    } catch {
      secretInput.current?.select();
      setCreate({ ...create, copy: 'failed' });
    }
  };

  const askRevoke = (key: ApiKeyViewBody, opener: HTMLButtonElement) => {
    revokeOpener.current = opener;
    setRevoking(key);
    setRevokeError(null);
    setRevokeBusy(false);
    setStatus(null);
    revokeDialog.current?.showModal();
    // The primary action, not Cancel, takes the focus (showModal would give it the first button).
    revokeConfirm.current?.focus();
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    setRevokeBusy(true);
    setRevokeError(null);
    try {
      await revokeApiKey(revoking.keyId);
      revokeDialog.current?.close();
      setStatus(t('apiKeys.revoked', { name: revoking.name }));
      await reload();
    } catch (error) {
      setRevokeError(errorMessage(t, error));
    } finally {
      setRevokeBusy(false);
    }
  };

  const titleId = `${id}-title`;
  const allowed = list?.allowed === true;
  return (
    <section className="card api-keys" aria-labelledby={titleId} data-testid="api-keys">
      <h2 id={titleId} tabIndex={-1}>
        {t('apiKeys.title')}
      </h2>
      <p className="field-hint">{t('apiKeys.intro')}</p>
      <p>
        <Link to={paths.apiReference.getHref(lang)} data-testid="api-keys-reference">
          {t('apiKeys.reference')}
        </Link>
      </p>
      {list && !allowed ? (
        <p data-testid="api-keys-plan-gate">
          {t('apiKeys.planRequired')}{' '}
          <Link to={paths.homeSelectPlan.getHref(lang)} className="button button-secondary">
            {t('apiKeys.viewPlans')}
          </Link>
        </p>
      ) : null}
      {loadError ? (
        <p className="field-error" role="alert" data-testid="api-keys-error">
          {loadError}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          ref={createOpener}
          type="button"
          className="button button-primary"
          disabled={!allowed}
          onClick={openCreate}
          data-testid="api-keys-create"
        >
          {t('apiKeys.create')}
        </button>
      </div>
      {list ? (
        list.keys.length === 0 ? (
          <p className="field-hint" data-testid="api-keys-none">
            {t('apiKeys.none')}
          </p>
        ) : (
          <ul className="api-key-list" aria-label={t('apiKeys.listLabel')} data-testid="api-keys-list">
            {list.keys.map((key) => (
              <li
                key={key.keyId}
                className={key.revokedAt ? 'api-key api-key-revoked' : 'api-key'}
                data-testid="api-key-row"
              >
                <h3 className="api-key-name">{key.name}</h3>
                <code className="api-key-prefix" data-testid="api-key-prefix">{`ssk_${key.prefix}_…`}</code>
                <ul className="api-key-scopes">
                  {key.scopes.map((s) => (
                    <li key={s}>
                      <code>{s}</code> {t(SCOPE_LABEL[s])}
                    </li>
                  ))}
                </ul>
                <dl className="api-key-dates">
                  <div>
                    <dt>{t('apiKeys.createdAt')}</dt>
                    <dd>{formatDateTime(key.createdAt, locale)}</dd>
                  </div>
                  <div>
                    <dt>{t('apiKeys.lastUsed')}</dt>
                    <dd data-testid="api-key-last-used">
                      {key.lastUsedAt ? formatDateTime(key.lastUsedAt, locale) : t('apiKeys.neverUsed')}
                    </dd>
                  </div>
                </dl>
                {key.revokedAt ? (
                  <p className="api-key-status" data-testid="api-key-revoked">
                    {t('apiKeys.revokedAt', { date: formatDateTime(key.revokedAt, locale) })}
                  </p>
                ) : (
                  <button
                    type="button"
                    className="button button-danger"
                    aria-label={t('apiKeys.revokeLabel', { name: key.name })}
                    onClick={(e) => askRevoke(key, e.currentTarget)}
                    data-testid="api-key-revoke"
                  >
                    {t('apiKeys.revoke')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
      <p className="form-status" role="status" aria-live="polite" data-testid="api-keys-status">
        {status}
      </p>

      <dialog
        ref={createDialog}
        className="dialog api-key-dialog"
        aria-labelledby={`${id}-create-title`}
        onClose={() => {
          // The secret leaves the page with the dialog.
          setCreate({ step: 'form', busy: false, error: null });
          createOpener.current?.focus();
        }}
        data-testid="api-key-dialog"
      >
        {create.step === 'form' ? (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <h2 id={`${id}-create-title`}>{t('apiKeys.createTitle')}</h2>
            <div className="field">
              <label htmlFor={`${id}-name`}>{t('apiKeys.name')}</label>
              <input
                ref={nameInput}
                id={`${id}-name`}
                type="text"
                autoComplete="off"
                maxLength={NAME_MAX}
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  setNameError(null);
                }}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={`${id}-name-hint${nameError ? ` ${id}-name-error` : ''}`}
                data-testid="api-key-name"
              />
              <p id={`${id}-name-hint`} className="field-hint">
                {t('apiKeys.nameHint')}
              </p>
              {nameError ? (
                <p id={`${id}-name-error`} className="field-error" data-testid="api-key-name-error">
                  {nameError}
                </p>
              ) : null}
            </div>
            <fieldset
              className="api-key-scope-fields"
              aria-describedby={scopesError ? `${id}-scopes-error` : undefined}
            >
              <legend>{t('apiKeys.scopesLegend')}</legend>
              {API_SCOPES.map((scope) => (
                <label key={scope} className="api-key-scope">
                  <input
                    type="checkbox"
                    checked={scopes.includes(scope)}
                    onChange={(e) => toggleScope(scope, e.target.checked)}
                    data-testid={`api-key-scope-${scope.replace(':', '-')}`}
                  />
                  <span>
                    <code>{scope}</code> {t(SCOPE_LABEL[scope])}
                  </span>
                </label>
              ))}
              {scopesError ? (
                <p id={`${id}-scopes-error`} className="field-error" data-testid="api-key-scopes-error">
                  {scopesError}
                </p>
              ) : null}
            </fieldset>
            {create.error ? (
              <p className="field-error" role="alert" data-testid="api-key-create-error">
                {create.error}
              </p>
            ) : null}
            <div className="dialog-actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={closeCreate}
                disabled={create.busy}
              >
                {t('apiKeys.cancel')}
              </button>
              <button
                type="submit"
                className="button button-primary"
                disabled={create.busy}
                data-testid="api-key-create-submit"
              >
                {create.busy ? t('apiKeys.creating') : t('apiKeys.createButton')}
              </button>
            </div>
          </form>
        ) : (
          <div data-testid="api-key-shown">
            <h2 id={`${id}-create-title`}>{t('apiKeys.createdTitle')}</h2>
            <p className="api-key-warning" id={`${id}-once`}>
              {t('apiKeys.shownOnce')}
            </p>
            <div className="field">
              <label htmlFor={`${id}-secret`}>{t('apiKeys.keyLabel')}</label>
              <div className="api-key-secret-row">
                <input
                  ref={secretInput}
                  id={`${id}-secret`}
                  type="text"
                  readOnly
                  spellCheck={false}
                  value={create.secret}
                  aria-describedby={`${id}-once`}
                  onFocus={(e) => e.currentTarget.select()}
                  data-testid="api-key-secret"
                />
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => void copy()}
                  data-testid="api-key-copy"
                >
                  {t('apiKeys.copy')}
                </button>
              </div>
            </div>
            <p className="form-status" role="status" aria-live="polite" data-testid="api-key-copy-status">
              {create.copy === 'copied'
                ? t('apiKeys.copied')
                : create.copy === 'failed'
                  ? t('apiKeys.copyFailed')
                  : null}
            </p>
            <div className="dialog-actions">
              <button
                type="button"
                className="button button-primary"
                onClick={closeCreate}
                data-testid="api-key-done"
              >
                {t('apiKeys.done')}
              </button>
            </div>
          </div>
        )}
      </dialog>

      <dialog
        ref={revokeDialog}
        className="dialog"
        aria-labelledby={`${id}-revoke-title`}
        aria-describedby={`${id}-revoke-message`}
        onClose={() => {
          const opener = revokeOpener.current;
          // The row's button is gone once the key is revoked: the list's heading takes the focus then.
          if (opener?.isConnected) opener.focus();
          else document.getElementById(titleId)?.focus();
          setRevoking(null);
        }}
        data-testid="api-key-revoke-dialog"
      >
        <h2 id={`${id}-revoke-title`}>
          {revoking ? t('apiKeys.revokeTitle', { name: revoking.name }) : null}
        </h2>
        <p id={`${id}-revoke-message`}>{t('apiKeys.revokeMessage')}</p>
        {revokeError ? (
          <p className="field-error" role="alert">
            {revokeError}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => revokeDialog.current?.close()}
            disabled={revokeBusy}
          >
            {t('apiKeys.cancel')}
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => void confirmRevoke()}
            disabled={revokeBusy}
            ref={revokeConfirm}
            data-testid="api-key-revoke-confirm"
          >
            {revokeBusy ? t('apiKeys.revoking') : t('apiKeys.revokeConfirm')}
          </button>
        </div>
      </dialog>
    </section>
  );
}
