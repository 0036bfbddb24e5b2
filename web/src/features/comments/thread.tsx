// A contract's comment thread (issue #29 item 3): the comments (author, time, "(edited)", "Comment
// deleted"), the viewer's own Edit (within 5 minutes) and Delete, and the form with a mention picker.
// Comments are plain text: every one is a React text node (never HTML), so markup a person typed
// shows as the characters they typed. Used by the owner's contract details, the company members'
// view and the contractor's dialog on the signer page.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_CHARS, codePointLength, commentTextProblem } from '../../../../shared/domain/comments';
import { localeForPath } from '../../../../shared/i18n/core';
import type { Lang } from '../../app/paths';
import { ConfirmDialog } from '../../components/modal';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import {
  deleteComment,
  editComment,
  postComment,
  type CommentThread,
  type CommentView,
  type ThreadSource,
} from './api';
import './comments.css';

type Notice = { tone: 'success' | 'warning'; text: string } | null;

function CommentItem({
  comment,
  lang,
  source,
  dialogClass,
  onChanged,
}: {
  comment: CommentView;
  lang: Lang;
  source: ThreadSource;
  dialogClass: string;
  onChanged: (next: CommentView) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.text ?? '');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editId = useId();
  const itemRef = useRef<HTMLLIElement>(null);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await editComment(source, comment.commentId, draft));
      setEditing(false);
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await deleteComment(source, comment.commentId));
      setConfirming(false);
      // The Delete button is gone: the focus goes to what took the comment's place.
      requestAnimationFrame(() => itemRef.current?.querySelector<HTMLElement>('.comment-deleted')?.focus());
    } catch (e) {
      setConfirming(false);
      setError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li ref={itemRef} className="comment" data-testid={`comment-${comment.commentId}`}>
      <p className="comment-meta">
        <strong className="comment-author">{comment.mine ? t('comments.you') : comment.author.name}</strong>{' '}
        <span className="muted">{t(`comments.authorKinds.${comment.author.kind}`)}</span>{' '}
        <time dateTime={comment.createdAt} className="muted">
          {formatDateTime(comment.createdAt, localeForPath(lang))}
        </time>
        {comment.editedAt && !comment.deleted ? <span className="muted"> {t('comments.edited')}</span> : null}
      </p>
      {comment.deleted ? (
        <p className="comment-text comment-deleted muted" tabIndex={-1}>
          {t('comments.deleted')}
        </p>
      ) : editing ? (
        <div className="comment-edit">
          <label htmlFor={editId}>{t('comments.editLabel')}</label>
          <textarea
            id={editId}
            className="comment-textarea"
            value={draft}
            rows={3}
            onChange={(e) => setDraft(e.target.value)}
          />
          <div className="comment-actions">
            <button type="button" className="button button-small" disabled={busy} onClick={() => void save()}>
              {t('comments.save')}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => {
                setEditing(false);
                setDraft(comment.text ?? '');
              }}
            >
              {t('comments.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <p className="comment-text" data-testid="comment-text">
          {comment.text}
        </p>
      )}
      {!editing && (comment.canEdit || comment.canDelete) && (
        <div className="comment-actions">
          {comment.canEdit && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => {
                setDraft(comment.text ?? '');
                setEditing(true);
              }}
            >
              {t('comments.edit')}
            </button>
          )}
          {comment.canDelete && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setConfirming(true)}
            >
              {t('comments.delete')}
            </button>
          )}
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('comments.deleteTitle')}
          text={t('comments.deleteText')}
          confirmLabel={t('comments.delete')}
          cancelLabel={t('comments.cancel')}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove()}
          busy={busy}
          className={dialogClass}
          testId="comment-delete-dialog"
        />
      )}
    </li>
  );
}

/** The word being typed at the caret when it starts with '@' (the picker's filter), or null. */
function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at === -1 || (at > 0 && !/\s/.test(before[at - 1]!))) return null;
  const query = before.slice(at + 1);
  return /\n/.test(query) || query.length > 60 ? null : { start: at, query };
}

function CommentForm({
  thread,
  source,
  autoFocus,
  onPosted,
}: {
  thread: CommentThread;
  source: ThreadSource;
  autoFocus: boolean;
  onPosted: (comment: CommentView) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picker, setPicker] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const listId = useId();
  const count = codePointLength(text.trim());
  const typed = mentionQuery(text, caret);
  const filter = typed?.query.toLowerCase() ?? '';
  const showList = (picker || typed !== null) && thread.participants.length > 0;
  const choices = thread.participants.filter(
    (p) => !filter || p.label.toLowerCase().includes(filter) || p.name.toLowerCase().includes(filter),
  );

  const insert = (label: string) => {
    const start = typed ? typed.start : caret;
    const next = `${text.slice(0, start)}${start > 0 && !/\s/.test(text[start - 1]!) ? ' ' : ''}@${label} ${text.slice(caret)}`;
    const pos = next.length - text.slice(caret).length;
    setText(next);
    setPicker(false);
    setCaret(pos);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(pos, pos);
    });
  };

  const submit = async () => {
    setNotice(null);
    setBusy(true);
    try {
      const res = await postComment(source, text);
      onPosted(res.comment);
      setText('');
      setCaret(0);
      const sent = res.mentions.filter((m) => m.sent).map((m) => m.name);
      const unsent = res.mentions.filter((m) => !m.sent).map((m) => m.name);
      if (unsent.length > 0) {
        setNotice({ tone: 'warning', text: t('comments.mentionNotSent', { names: unsent.join(', ') }) });
      } else if (sent.length > 0) {
        setNotice({ tone: 'success', text: t('comments.mentionSent', { names: sent.join(', ') }) });
      }
    } catch (e) {
      setNotice({ tone: 'warning', text: errorMessage(t, e) });
    } finally {
      setBusy(false);
    }
  };
  const problem = commentTextProblem(text);

  return (
    <form
      className="comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id}>{t('comments.label')}</label>
      <textarea
        ref={ref}
        id={id}
        className="comment-textarea"
        rows={3}
        value={text}
        placeholder={t('comments.placeholder')}
        aria-describedby={`${id}-count`}
        data-testid="comment-input"
        {...(autoFocus ? { 'data-autofocus': true } : {})}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && showList) {
            e.stopPropagation();
            setPicker(false);
          }
        }}
      />
      <p id={`${id}-count`} className={count > COMMENT_MAX_CHARS ? 'field-error' : 'muted comment-count'}>
        {t('comments.counter', { count, max: COMMENT_MAX_CHARS })}
      </p>
      <div className="comment-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          aria-expanded={showList}
          aria-controls={listId}
          onClick={() => setPicker((v) => !v)}
          disabled={thread.participants.length === 0}
        >
          {t('comments.mention')}
        </button>
        <button type="submit" className="button button-small" disabled={busy || problem !== null}>
          {t('comments.post')}
        </button>
      </div>
      {showList && (
        <ul
          id={listId}
          className="mention-list"
          aria-label={t('comments.mentionList')}
          data-testid="mention-list"
        >
          {choices.map((p) => (
            <li key={p.id}>
              <button type="button" className="mention-choice" onClick={() => insert(p.label)}>
                <span>{p.name}</span> <span className="muted">{p.hint}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <p
          className={`notice notice-${notice.tone}`}
          role={notice.tone === 'success' ? 'status' : 'alert'}
          data-testid="comment-notice"
        >
          {notice.text}
        </p>
      )}
    </form>
  );
}

export function CommentThreadView({
  thread,
  source,
  lang,
  autoFocus = false,
  onChange,
}: {
  thread: CommentThread;
  source: ThreadSource;
  lang: Lang;
  /** Inside a dialog: the form's text box takes the focus (the dialog's primary action). */
  autoFocus?: boolean;
  onChange: (next: CommentThread) => void;
}) {
  const { t } = useTranslation();
  const replace = (c: CommentView) =>
    onChange({ ...thread, comments: thread.comments.map((x) => (x.commentId === c.commentId ? c : x)) });
  return (
    <div className="comment-thread" data-testid="comment-thread">
      {thread.truncated && <p className="muted">{t('comments.truncated')}</p>}
      {thread.comments.length === 0 ? (
        <p className="muted">{t('comments.empty')}</p>
      ) : (
        <ol className="comment-list">
          {thread.comments.map((c) => (
            <CommentItem
              key={c.commentId}
              comment={c}
              lang={lang}
              source={source}
              dialogClass={source.kind === 'signer' ? 'signer-dialog' : 'contracts-dialog'}
              onChanged={replace}
            />
          ))}
        </ol>
      )}
      {thread.open ? (
        <CommentForm
          thread={thread}
          source={source}
          autoFocus={autoFocus}
          onPosted={(c) => onChange({ ...thread, comments: [...thread.comments, c] })}
        />
      ) : (
        <p className="notice notice-warning" data-testid="comments-closed">
          {t('comments.closed')}
        </p>
      )}
    </div>
  );
}
