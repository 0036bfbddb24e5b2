// My Info → Webhooks (issue #31 item 3): add an endpoint (URL and events), its signing secret shown
// once with Copy (Show secret shows it again), rotate, send a test event, disable or enable, delete
// (each that changes something asks first, focusing its primary action), and the deliveries table —
// status, HTTP code, latency, attempts — with Replay. A plan without the feature shows the plans link.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type {
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookList,
} from '../../../../../shared/api/schemas/webhooks';
import { WEBHOOK_EVENTS } from '../../../../../shared/domain/webhooks';
import { Modal } from '../../../components/modal';
import { paths, type Lang } from '../../../app/paths';
import { errorMessage } from '../../../lib/error-message';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  replayWebhookDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
} from '../api/webhooks-api';
import '../webhooks.css';

type Confirm = { kind: 'rotate' | 'disable' | 'delete'; endpoint: WebhookEndpointView } | null;
type Notice = { tone: 'status' | 'error'; text: string } | null;

function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(t('webhooks.copied'));
    } catch {
      setCopied(t('webhooks.copyFailed'));
    }
  };
  return (
    <Modal
      title={t('webhooks.secretTitle')}
      onCancel={onClose}
      className="webhooks-dialog"
      testId="webhook-secret-dialog"
    >
      <p>{t('webhooks.secretOnce')}</p>
      <div className="field">
        <label htmlFor={`${id}-secret`}>{t('webhooks.secretLabel')}</label>
        <input
          id={`${id}-secret`}
          className="webhooks-secret"
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="webhook-secret"
        />
      </div>
      <p role="status" aria-live="polite" className="form-status">
        {copied}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" data-autofocus onClick={() => void copy()}>
          {t('webhooks.copy')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={onClose}
          data-testid="webhook-secret-done"
        >
          {t('webhooks.done')}
        </button>
      </div>
    </Modal>
  );
}

function Deliveries({
  endpoint,
  onNotice,
}: {
  endpoint: WebhookEndpointView;
  onNotice: (n: Notice) => void;
}) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<WebhookDeliveryView[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (after?: string) => {
      setBusy(true);
      try {
        const page = await listWebhookDeliveries(endpoint.endpointId, after);
        setRows((before) => (after ? [...(before ?? []), ...page.deliveries] : page.deliveries));
        setCursor(page.cursor);
      } catch (error) {
        onNotice({ tone: 'error', text: errorMessage(t, error) });
      } finally {
        setBusy(false);
      }
    },
    [endpoint.endpointId, onNotice, t],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const replay = async (d: WebhookDeliveryView) => {
    try {
      await replayWebhookDelivery(endpoint.endpointId, d.deliveryId);
      onNotice({ tone: 'status', text: t('webhooks.replayed') });
    } catch (error) {
      onNotice({ tone: 'error', text: errorMessage(t, error) });
    }
  };

  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <div className="webhooks-deliveries" data-testid="webhook-deliveries">
      <div className="webhooks-deliveries-head">
        <h4>{t('webhooks.deliveries')}</h4>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => void load()}
          data-testid="webhook-refresh"
        >
          {t('webhooks.refresh')}
        </button>
      </div>
      {rows && rows.length === 0 ? <p>{t('webhooks.noDeliveries')}</p> : null}
      {rows && rows.length > 0 ? (
        <div className="webhooks-table-wrap">
          <table className="webhooks-table">
            <thead>
              <tr>
                <th scope="col">{t('webhooks.col.time')}</th>
                <th scope="col">{t('webhooks.col.event')}</th>
                <th scope="col">{t('webhooks.col.status')}</th>
                <th scope="col">{t('webhooks.col.code')}</th>
                <th scope="col">{t('webhooks.col.latency')}</th>
                <th scope="col">{t('webhooks.col.attempts')}</th>
                <th scope="col">{t('webhooks.col.action')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr
                  key={d.deliveryId}
                  data-testid="webhook-delivery"
                  data-status={d.status}
                  data-event={d.eventType}
                >
                  <td>{time(d.lastAttemptAt ?? d.createdAt)}</td>
                  <td>{t(`webhooks.eventNames.${d.eventType}`, { defaultValue: d.eventType })}</td>
                  <td>
                    {t(`webhooks.status.${d.status}`)}
                    {d.error ? ` (${t(`webhooks.error.${d.error}`, { defaultValue: d.error })})` : ''}
                  </td>
                  <td>{d.statusCode ? d.statusCode : '—'}</td>
                  <td>{d.latencyMs === null ? '—' : t('webhooks.latencyMs', { ms: d.latencyMs })}</td>
                  <td data-testid="webhook-delivery-attempts">{d.attempts}</td>
                  <td>
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => void replay(d)}
                      data-testid="webhook-replay"
                    >
                      {t('webhooks.replay')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {cursor ? (
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => void load(cursor)}
        >
          {t('webhooks.more')}
        </button>
      ) : null}
    </div>
  );
}

export function WebhooksSection({ lang }: { lang: Lang }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [list, setList] = useState<WebhookList | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const reload = useCallback(async () => {
    try {
      setList(await listWebhooks());
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(t, error) });
    }
  }, [t]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!URL.canParse(url.trim()) || !/^https?:$/.test(new URL(url.trim()).protocol)) {
      setFormError(t('webhooks.errors.badUrl'));
      return;
    }
    if (events.length === 0) {
      setFormError(t('webhooks.errors.noEvents'));
      return;
    }
    setFormError(null);
    await run(async () => {
      const created = await createWebhook({
        url: url.trim(),
        events: events as CreateEvents,
      });
      setUrl('');
      setEvents([]);
      setSecret(created.secret);
      setNotice({ tone: 'status', text: t('webhooks.created') });
      await reload();
    });
  };

  const confirmed = async () => {
    if (!confirm) return;
    const { kind, endpoint } = confirm;
    await run(async () => {
      if (kind === 'rotate') {
        const rotated = await rotateWebhookSecret(endpoint.endpointId);
        setSecret(rotated.secret);
      } else if (kind === 'disable') {
        await updateWebhook(endpoint.endpointId, { enabled: false });
      } else {
        await deleteWebhook(endpoint.endpointId);
        setNotice({ tone: 'status', text: t('webhooks.deleted') });
      }
      await reload();
    });
    setConfirm(null);
  };

  const allowed = list?.allowed ?? false;
  const full = list ? list.endpoints.length >= list.max : true;
  const titleId = `${id}-title`;
  const confirmText = {
    rotate: ['webhooks.rotateTitle', 'webhooks.rotateText', 'webhooks.rotateConfirm'],
    disable: ['webhooks.disableTitle', 'webhooks.disableText', 'webhooks.disableConfirm'],
    delete: ['webhooks.deleteTitle', 'webhooks.deleteText', 'webhooks.deleteConfirm'],
  } as const;

  return (
    <section className="card webhooks" aria-labelledby={titleId} data-testid="webhooks-section">
      <h2 id={titleId}>{t('webhooks.title')}</h2>
      <p className="field-hint">{t('webhooks.intro')}</p>
      {list && !allowed ? (
        <p data-testid="webhooks-plan-required">
          {t('webhooks.planRequired')}{' '}
          <Link to={paths.homeSelectPlan.getHref(lang)} className="button button-secondary">
            {t('webhooks.viewPlans')}
          </Link>
        </p>
      ) : null}
      {!list ? <p>{t('webhooks.loading')}</p> : null}
      {list && list.endpoints.length === 0 ? <p>{t('webhooks.none')}</p> : null}
      <ul className="webhooks-list">
        {list?.endpoints.map((e) => (
          <li key={e.endpointId} className="webhooks-endpoint" data-testid="webhook-endpoint">
            <p className="webhooks-url">
              <strong>{e.url}</strong>{' '}
              <span className={e.enabled ? 'webhooks-on' : 'webhooks-off'}>
                {e.enabled ? t('webhooks.enabled') : t('webhooks.disabledState')}
              </span>
            </p>
            <p className="field-hint">
              {e.events.map((ev) => t(`webhooks.eventNames.${ev}`, { defaultValue: ev })).join(' · ')}
            </p>
            {e.previousSecretUntil ? (
              <p className="field-hint">
                {t('webhooks.rotating', {
                  time: new Date(e.previousSecretUntil).toLocaleString(i18n.language),
                })}
              </p>
            ) : null}
            <div
              className="webhooks-actions"
              role="group"
              aria-label={t('webhooks.endpointLabel', { url: e.url })}
            >
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() =>
                  void run(async () => setSecret((await revealWebhookSecret(e.endpointId)).secret))
                }
              >
                {t('webhooks.reveal')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy || !allowed}
                onClick={() => setConfirm({ kind: 'rotate', endpoint: e })}
              >
                {t('webhooks.rotate')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy || !allowed || !e.enabled}
                data-testid="webhook-test"
                onClick={() =>
                  void run(async () => {
                    await sendTestWebhook(e.endpointId);
                    setNotice({ tone: 'status', text: t('webhooks.testSent') });
                  })
                }
              >
                {t('webhooks.test')}
              </button>
              {e.enabled ? (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy}
                  onClick={() => setConfirm({ kind: 'disable', endpoint: e })}
                >
                  {t('webhooks.disable')}
                </button>
              ) : (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy || !allowed}
                  onClick={() =>
                    void run(async () => {
                      await updateWebhook(e.endpointId, { enabled: true });
                      await reload();
                    })
                  }
                >
                  {t('webhooks.enable')}
                </button>
              )}
              <button
                type="button"
                className="button button-danger"
                disabled={busy}
                data-testid="webhook-delete"
                onClick={() => setConfirm({ kind: 'delete', endpoint: e })}
              >
                {t('webhooks.delete')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                aria-expanded={open === e.endpointId}
                data-testid="webhook-deliveries-toggle"
                onClick={() => setOpen(open === e.endpointId ? null : e.endpointId)}
              >
                {open === e.endpointId ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
              </button>
            </div>
            {open === e.endpointId ? <Deliveries endpoint={e} onNotice={setNotice} /> : null}
          </li>
        ))}
      </ul>

      <form className="webhooks-add" onSubmit={(e) => void add(e)} noValidate data-testid="webhook-add-form">
        <h3>{t('webhooks.addTitle')}</h3>
        <fieldset disabled={!allowed || busy || full} className="webhooks-fields">
          <div className="field">
            <label htmlFor={`${id}-url`}>{t('webhooks.url')}</label>
            <input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              autoComplete="off"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              aria-describedby={`${id}-url-hint${formError ? ` ${id}-form-error` : ''}`}
              data-testid="webhook-url"
            />
            <p id={`${id}-url-hint`} className="field-hint">
              {t('webhooks.urlHint')}
            </p>
          </div>
          <fieldset className="webhooks-events">
            <legend>{t('webhooks.events')}</legend>
            <p className="field-hint">{t('webhooks.eventsHint')}</p>
            {WEBHOOK_EVENTS.map((ev) => (
              <label key={ev} className="webhooks-event">
                <input
                  type="checkbox"
                  value={ev}
                  checked={events.includes(ev)}
                  onChange={(x) =>
                    setEvents(x.target.checked ? [...events, ev] : events.filter((y) => y !== ev))
                  }
                  data-testid={`webhook-event-${ev}`}
                />{' '}
                {t(`webhooks.eventNames.${ev}`)} <code>{ev}</code>
              </label>
            ))}
          </fieldset>
          {formError ? (
            <p id={`${id}-form-error`} className="field-error" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="button button-primary" data-testid="webhook-create">
              {t('webhooks.create')}
            </button>
          </div>
        </fieldset>
      </form>
      <p
        className={notice?.tone === 'error' ? 'field-error' : 'form-status'}
        role={notice?.tone === 'error' ? 'alert' : 'status'}
        aria-live="polite"
        data-testid="webhooks-notice"
      >
        {notice?.text}
      </p>

      {secret ? <SecretDialog secret={secret} onClose={() => setSecret(null)} /> : null}
      {confirm ? (
        <Modal
          title={t(confirmText[confirm.kind][0])}
          onCancel={() => setConfirm(null)}
          className="webhooks-dialog"
          role="alertdialog"
          testId={`webhook-${confirm.kind}-dialog`}
        >
          <p>{t(confirmText[confirm.kind][1])}</p>
          <p className="webhooks-url">{confirm.endpoint.url}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => setConfirm(null)}>
              {t('webhooks.cancel')}
            </button>
            <button
              type="button"
              className={confirm.kind === 'rotate' ? 'button button-primary' : 'button button-danger'}
              data-autofocus
              disabled={busy}
              onClick={() => void confirmed()}
              data-testid="webhook-confirm"
            >
              {t(confirmText[confirm.kind][2])}
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

type CreateEvents = Parameters<typeof createWebhook>[0]['events'];
