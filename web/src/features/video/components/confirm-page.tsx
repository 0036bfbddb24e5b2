// The video confirmation page, `/{lang}/video_confirm/{docuId}/{token}` (issue #15 item 4; spec doc 1
// §2 "Video confirmation page", doc 2 §8.3): one card per contractor with their video (a short-lived
// URL), the 'all videos checked' box, Confirm (enabled when ticked) and Deny (enabled when not; asks a
// reason). A party who already answered gets the spec's alert (the server's 409 message), a bad link
// its translated 404 message.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { VideoConfirmView } from '../../../../../shared/api/schemas';
import { localeOf } from '../../../app/i18n';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { Spinner } from '../../../components/spinner';
import { formatDateTime, timeZoneLabel } from '../../../lib/format';
import { DenyReasonDialog } from '../../signer/components/deny-reason-dialog';
import { describeError } from '../../signer/messages';
import '../../signer/signer.css';
import { confirmVideos, denyVideos, fetchConfirmView } from '../api/confirm-api';
import '../video.css';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; view: VideoConfirmView }
  | { kind: 'confirmed'; all: boolean }
  | { kind: 'denied' };

export function VideoConfirmPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const locale = localeOf(lang);
  const { docuId = '', token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const [denying, setDenying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchConfirmView(docuId, token, abort.signal).then(
      (view) => setState({ kind: 'ready', view }),
      (err: unknown) => {
        if (!abort.signal.aborted) setState({ kind: 'failed', message: describeError(t, err) });
      },
    );
    return () => abort.abort();
  }, [docuId, token, t]);

  const act = async (run: () => Promise<State>) => {
    setPending(true);
    setError(null);
    try {
      setState(await run());
      setDenying(false);
    } catch (err) {
      setError(describeError(t, err));
    } finally {
      setPending(false);
    }
  };

  const home = paths.landing.getHref(lang);
  let body: React.ReactNode;
  switch (state.kind) {
    case 'loading':
      body = (
        <div role="status">
          <Spinner />
        </div>
      );
      break;
    case 'failed':
      body = (
        <>
          <p role="alert" className="video-message video-message-error" data-testid="vconfirm-error">
            {state.message}
          </p>
          <a className="button button-primary vconfirm-action" href={home}>
            {t('videoConfirm.goHome')}
          </a>
        </>
      );
      break;
    case 'confirmed':
    case 'denied':
      body = (
        <End
          title={state.kind === 'denied' ? t('videoConfirm.denied') : t('videoConfirm.confirmed')}
          text={
            state.kind === 'denied'
              ? t('videoConfirm.deniedExplanation')
              : state.all
                ? t('videoConfirm.confirmedAll')
                : null
          }
          home={home}
          testId={`vconfirm-${state.kind}`}
        />
      );
      break;
    default: {
      const { view } = state;
      body = (
        <>
          <p>{t('videoConfirm.contract', { id4: view.id4.toUpperCase(), title: view.title })}</p>
          <p>{t('videoConfirm.intro')}</p>
          {view.cards.length === 0 && <p>{t('videoConfirm.noVideos')}</p>}
          <ul className="vconfirm-cards">
            {view.cards.map((card) => (
              <li key={card.index} className="vconfirm-card" data-testid="vconfirm-card">
                <h2>{card.name}</h2>
                <p data-testid="vconfirm-recorded">
                  {t('videoConfirm.recordedAt', {
                    time: `${formatDateTime(card.recordedAt, locale)} (${timeZoneLabel(locale)})`,
                  })}
                </p>
                <video
                  controls
                  preload="metadata"
                  src={card.url}
                  poster={card.thumbnailUrl ?? undefined}
                  aria-label={t('videoConfirm.videoOf', { name: card.name })}
                />
              </li>
            ))}
          </ul>
          <label className="vconfirm-check">
            <input
              type="checkbox"
              checked={checked}
              onChange={(e) => setChecked(e.target.checked)}
              data-testid="vconfirm-checked"
            />
            <span>{t('videoConfirm.allChecked')}</span>
          </label>
          {error && !denying && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <button
              type="button"
              className="button button-secondary vconfirm-action"
              disabled={checked || pending}
              onClick={() => setDenying(true)}
              data-testid="vconfirm-deny"
            >
              {t('videoConfirm.deny')}
            </button>
            <button
              type="button"
              className="button button-primary vconfirm-action"
              disabled={!checked || pending}
              onClick={() =>
                void act(async () => {
                  const r = await confirmVideos(docuId, token, lang);
                  return { kind: 'confirmed', all: r.status !== 'NeedVConfirm' };
                })
              }
              data-testid="vconfirm-confirm"
            >
              {t('videoConfirm.confirm')}
            </button>
          </div>
          {denying && (
            <DenyReasonDialog
              title={t('videoConfirm.denyTitle')}
              label={t('videoConfirm.denyPrompt')}
              cancelLabel={t('videoConfirm.cancel')}
              sendLabel={t('videoConfirm.send')}
              testIds={{
                dialog: 'vconfirm-deny-dialog',
                reason: 'vconfirm-deny-reason',
                send: 'vconfirm-deny-send',
              }}
              buttonClass="vconfirm-action"
              focusSend
              pending={pending}
              error={error}
              onCancel={() => {
                setDenying(false);
                setError(null);
              }}
              onDeny={(reason) =>
                void act(async () => {
                  await denyVideos(docuId, token, reason, lang);
                  return { kind: 'denied' };
                })
              }
            />
          )}
        </>
      );
    }
  }
  return (
    <main className="signer-page vconfirm-page" data-testid="vconfirm-page">
      <h1 className="signer-title">{t('titles.videoConfirm')}</h1>
      {body}
    </main>
  );
}

function End({
  title,
  text,
  home,
  testId,
}: {
  title: string;
  text: string | null;
  home: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className="signer-end" data-testid={testId}>
      <h2 ref={ref} tabIndex={-1}>
        {title}
      </h2>
      {text && <p>{text}</p>}
      <a className="button button-primary vconfirm-action" href={home}>
        {t('videoConfirm.goHome')}
      </a>
    </section>
  );
}
