// /{lang}/home/templates (issue #27 item 3): the owner's templates and, on a Standard plan, the ones
// the company's buyer shares. Each can be used; the owner's own can be edited (Edit template), renamed,
// duplicated and deleted.
// "N of M templates" says what the plan allows; past it, the server's refusal links the plans.
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TemplateList, TemplateSummary } from '../../../../../shared/api/schemas';
import { clipChars } from '../../../../../shared/domain/validation';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { Modal } from '../../../components/modal';
import { deleteTemplate, duplicateTemplate, listTemplates, renameTemplate } from '../api/templates-api';
import '../templates.css';
import { Gallery } from './gallery';
import { RefusalNotice, refusalOf, type Refusal } from './refusal';

type Dialog =
  { kind: 'rename'; template: TemplateSummary } | { kind: 'delete'; template: TemplateSummary } | null;

export function TemplatesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [list, setList] = useState<TemplateList | null>(null);
  const [error, setError] = useState<Refusal | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const refusal = useCallback((e: unknown) => setError(refusalOf(t, e)), [t]);
  const load = useCallback(async () => {
    try {
      setList(await listTemplates());
    } catch (e) {
      refusal(e);
    }
  }, [refusal]);
  useEffect(() => {
    void load();
  }, [load]);

  async function act(run: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await run();
      setDialog(null);
      await load();
    } catch (e) {
      refusal(e);
    } finally {
      setBusy(false);
    }
  }

  const row = (tpl: TemplateSummary) => (
    <li key={tpl.templateId} className="card template-card" data-testid="template-row">
      <h3>{tpl.title}</h3>
      <p className="muted">
        {t('templatesPage.roles', { roles: tpl.roles.join(', ') })} ·{' '}
        {t('templatesPage.fields', { count: tpl.fieldCount })}
        {tpl.mine ? null : <> · {t('templatesPage.sharedBy', { name: tpl.ownerName })}</>}
      </p>
      <div className="template-actions">
        <button
          type="button"
          className="button button-primary"
          data-testid="template-use"
          onClick={() => void navigate(paths.homeTemplateUse.getHref(lang, tpl.templateId))}
        >
          {t('templatesPage.use')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="template-bulk"
          onClick={() => void navigate(paths.homeTemplateBulk.getHref(lang, tpl.templateId))}
        >
          {t('bulkPage.action')}
        </button>
        {tpl.mine ? (
          <>
            <Link
              className="button"
              to={paths.homeTemplateEdit.getHref(lang, tpl.templateId)}
              data-testid="template-edit"
            >
              {t('templatesPage.edit')}
            </Link>
            <button
              type="button"
              className="button"
              data-testid="template-rename"
              onClick={() => {
                setName(tpl.title);
                setDialog({ kind: 'rename', template: tpl });
              }}
            >
              {t('templatesPage.rename')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="template-duplicate"
              disabled={busy}
              onClick={() =>
                void act(() =>
                  duplicateTemplate(
                    tpl.templateId,
                    clipChars(t('templatesPage.copyOf', { title: tpl.title }), 100),
                  ),
                )
              }
            >
              {t('templatesPage.duplicate')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="template-delete"
              onClick={() => setDialog({ kind: 'delete', template: tpl })}
            >
              {t('templatesPage.delete')}
            </button>
          </>
        ) : null}
      </div>
    </li>
  );

  return (
    <div className="templates-page" data-testid="templates-page">
      <h1>{t('templatesPage.title')}</h1>
      <p className="muted">{t('templatesPage.intro')}</p>
      {list ? (
        <p data-testid="templates-used">{t('templatesPage.used', { used: list.used, limit: list.limit })}</p>
      ) : null}
      {dialog ? null : <RefusalNotice refusal={error} testId="templates-error" />}
      {list && list.templates.length === 0 && list.shared.length === 0 ? (
        <p className="notice notice-info" data-testid="templates-empty">
          {t('templatesPage.empty')}
        </p>
      ) : null}
      {list && list.templates.length > 0 ? (
        <ul className="template-list">{list.templates.map(row)}</ul>
      ) : null}
      {list && list.shared.length > 0 ? (
        <section aria-labelledby="templates-shared">
          <h2 id="templates-shared">{t('templatesPage.shared')}</h2>
          <ul className="template-list">{list.shared.map(row)}</ul>
        </section>
      ) : null}
      {list ? <Gallery forms={list.gallery} onAdded={load} /> : null}
      {dialog?.kind === 'rename' ? (
        <Modal
          title={t('templatesPage.rename')}
          onCancel={() => setDialog(null)}
          className="contracts-dialog"
        >
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) void act(() => renameTemplate(dialog.template.templateId, name.trim()));
            }}
          >
            <label className="field">
              <span>{t('templatesPage.name')}</span>
              <input
                value={name}
                maxLength={100}
                onChange={(e) => setName(e.target.value)}
                data-testid="template-name"
              />
            </label>
            <RefusalNotice refusal={error} testId="templates-error" />
            <div className="dialog-actions">
              <button
                type="submit"
                className="button button-primary"
                disabled={busy || !name.trim()}
                data-autofocus
              >
                {t('templatesPage.save')}
              </button>
              <button type="button" className="button" onClick={() => setDialog(null)}>
                {t('common.cancel')}
              </button>
            </div>
          </form>
        </Modal>
      ) : null}
      {dialog?.kind === 'delete' ? (
        <Modal
          title={t('templatesPage.deleteTitle')}
          onCancel={() => setDialog(null)}
          className="contracts-dialog"
          role="alertdialog"
        >
          <p>{t('templatesPage.deleteText', { title: dialog.template.title })}</p>
          <RefusalNotice refusal={error} testId="templates-error" />
          <div className="dialog-actions">
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              data-autofocus
              data-testid="template-delete-confirm"
              onClick={() => void act(() => deleteTemplate(dialog.template.templateId))}
            >
              {t('templatesPage.delete')}
            </button>
            <button type="button" className="button" onClick={() => setDialog(null)}>
              {t('common.cancel')}
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
