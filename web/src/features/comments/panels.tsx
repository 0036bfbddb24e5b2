// Where the thread appears (issue #29 item 3): the owner's contract details (a Comments section, shown
// only when the plan includes comments), and the contractor's signer page (a "Comments (n)" button
// always in reach at the bottom of a 380 px screen, opening the thread in a dialog).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../app/paths';
import { Modal } from '../../components/modal';
import { errorMessage } from '../../lib/error-message';
import type { ThreadSource } from './api';
import { CommentThreadView } from './thread';
import { useThread } from './use-thread';

/** The Comments section of a contract's details (owner or company member). */
export function CommentsPanel({ docuId, lang }: { docuId: string; lang: Lang }) {
  const { t } = useTranslation();
  const source: ThreadSource = { kind: 'owner', docuId };
  const { state, setState } = useThread(source);
  if (state.status === 'hidden') return null;
  return (
    <section className="comments-section" aria-label={t('comments.title')} data-testid="comments-panel">
      <h4>{t('comments.title')}</h4>
      {state.status === 'loading' && <p className="muted">{t('comments.loading')}</p>}
      {state.status === 'failed' && (
        <p className="field-error" role="alert">
          {errorMessage(t, state.error)}
        </p>
      )}
      {state.status === 'ready' && (
        <CommentThreadView
          thread={state.thread}
          source={source}
          lang={lang}
          onChange={(thread) => setState({ status: 'ready', thread })}
        />
      )}
    </section>
  );
}

/** The signer page's Comments button and dialog: nothing when the thread is not there for this link. */
export function SignerComments({ docuId, token, lang }: { docuId: string; token: string; lang: Lang }) {
  const { t } = useTranslation();
  const source: ThreadSource = { kind: 'signer', docuId, token };
  const { state, setState, reload } = useThread(source);
  const [open, setOpen] = useState(false);
  if (state.status !== 'ready') return null;
  const count = state.thread.comments.filter((c) => !c.deleted).length;
  return (
    <>
      <div className="signer-comments-bar">
        <button
          type="button"
          className="button button-secondary signer-comments-button"
          data-testid="signer-comments-button"
          onClick={() => setOpen(true)}
        >
          {t('comments.button', { count })}
        </button>
      </div>
      {open && (
        <Modal
          title={t('comments.title')}
          onCancel={() => setOpen(false)}
          className="signer-dialog"
          testId="signer-comments-dialog"
        >
          <CommentThreadView
            thread={state.thread}
            source={source}
            lang={lang}
            autoFocus
            onChange={(thread) => setState({ status: 'ready', thread })}
          />
          <div className="dialog-actions">
            <button
              type="button"
              className="button button-secondary"
              {...(state.thread.open ? {} : { 'data-autofocus': true })}
              onClick={() => {
                setOpen(false);
                void reload();
              }}
            >
              {t('comments.close')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
