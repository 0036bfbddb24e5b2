// "Save as template" (issue #27 item 3) on a contract's last step and on a sent contract's Details: the
// PDF, the contractors as roles (named here: "Buyer", "Seller") and their fields become a template (a
// sent contract's values, which contractors may have typed, are not kept: the server drops them). The dialog focuses its primary
// action; a refusal (the plan's limit) keeps what was typed and links the plans.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { Modal } from '../../../components/modal';
import { clipChars } from '../../../../../shared/domain/validation';
import { createTemplate } from '../api/templates-api';
import { RefusalNotice, refusalOf, type Refusal } from './refusal';

/** What Save as template needs of a contract: a draft's view or a sent contract's details. */
export interface TemplateSource {
  docuId: string;
  title: string;
  originalFileName?: string | null;
  recipients: readonly { name: string }[];
}

export function SaveTemplateButton({ doc }: { doc: TemplateSource }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const start = () => {
    setTitle(clipChars(doc.title || (doc.originalFileName ?? '').replace(/\.pdf$/i, ''), 100));
    setRoles(doc.recipients.map((_, i) => t('templatesPage.roleDefault', { n: i + 1 })));
    setError(null);
    setOpen(true);
  };
  async function save() {
    setBusy(true);
    setError(null);
    try {
      const made = await createTemplate({
        docuId: doc.docuId,
        title: title.trim(),
        roleNames: roles.map((r, i) => r.trim() || t('templatesPage.roleDefault', { n: i + 1 })),
      });
      setSaved(made.title);
      setOpen(false);
    } catch (e) {
      setError(refusalOf(t, e));
    } finally {
      setBusy(false);
    }
  }
  if (doc.recipients.length === 0) return null;
  return (
    <div className="save-template">
      <button type="button" className="button" onClick={start} data-testid="save-as-template">
        {t('templatesPage.saveAs')}
      </button>
      {saved ? (
        <p className="notice notice-info" role="status" data-testid="template-saved">
          {t('templatesPage.saved', { title: saved })}{' '}
          <Link to={paths.homeTemplates.getHref(lang)}>{t('templatesPage.title')}</Link>
        </p>
      ) : null}
      {open ? (
        <Modal
          title={t('templatesPage.saveTitle')}
          onCancel={() => setOpen(false)}
          className="contracts-dialog"
        >
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <label className="field">
              <span>{t('templatesPage.name')}</span>
              <input
                value={title}
                maxLength={100}
                onChange={(e) => setTitle(e.target.value)}
                data-testid="save-template-title"
              />
            </label>
            {roles.map((role, i) => (
              <label className="field" key={i}>
                <span>
                  {t('templatesPage.roleName', { n: i + 1 })} ({doc.recipients[i]?.name})
                </span>
                <input
                  value={role}
                  maxLength={100}
                  onChange={(e) => setRoles((all) => all.map((r, j) => (j === i ? e.target.value : r)))}
                  data-testid={`save-template-role-${i}`}
                />
              </label>
            ))}
            <RefusalNotice refusal={error} testId="save-template-error" />
            <div className="dialog-actions">
              <button
                type="submit"
                className="button button-primary"
                disabled={busy || !title.trim()}
                data-autofocus
                data-testid="save-template-submit"
              >
                {t('templatesPage.save')}
              </button>
              <button type="button" className="button" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
    </div>
  );
}
