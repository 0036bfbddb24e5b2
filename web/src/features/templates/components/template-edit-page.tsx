// /{lang}/home/templates/{templateId}/edit (issue #27 item 3): the owner edits a template — its name,
// its roles' names, and each role's fields on the template's pages with Set Position's own editor
// (picker, page layers, properties panel: funnel/components/field-editor.tsx). One role's fields are
// editable at a time (the others are shown, inert, in their colours). Save keeps everything on a
// refusal. A shared template (the company's buyer's) is only used, never edited here.
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TemplateView } from '../../../../../shared/api/schemas';
import { recipientColour } from '../../../../../shared/domain/constants';
import { ROLE_NAME_MAX_CHARS, TEMPLATE_TITLE_MAX_CHARS } from '../../../../../shared/domain/templates';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { Spinner } from '../../../components/spinner';
import { ErrorText } from '../../funnel/components/error-text';
import { FieldEditorPages, FieldEditorPanel } from '../../funnel/components/field-editor';
import { FieldPicker } from '../../funnel/components/field-picker';
import { getTemplate } from '../api/templates-api';
import { useTemplateEdit } from '../hooks/use-template-edit';
import '../templates.css';
import { RefusalNotice, refusalOf, type Refusal } from './refusal';

const NOT_OWNER = () => false;

export function TemplateEditPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { templateId = '' } = useParams();
  const [view, setView] = useState<TemplateView | null>(null);
  const [error, setError] = useState<Refusal | null>(null);

  useEffect(() => {
    let cancelled = false;
    setView(null);
    setError(null);
    getTemplate(templateId).then(
      (loaded) => !cancelled && setView(loaded),
      (e: unknown) => !cancelled && setError(refusalOf(t, e)),
    );
    return () => {
      cancelled = true;
    };
  }, [templateId, t]);

  return (
    <div className="templates-page template-edit" data-testid="template-edit-page">
      <h1>{t('templatesPage.editTitle')}</h1>
      <p>
        <Link to={paths.homeTemplates.getHref(lang)}>{t('templatesPage.back')}</Link>
      </p>
      <RefusalNotice refusal={error} testId="template-edit-load-error" />
      {!view && !error ? <Spinner /> : null}
      {view && !view.mine ? (
        <p className="notice notice-info" data-testid="template-edit-not-mine">
          {t('templatesPage.notMine')}
        </p>
      ) : null}
      {view?.mine ? <TemplateEditor view={view} /> : null}
    </div>
  );
}

function TemplateEditor({ view }: { view: TemplateView }) {
  const { t } = useTranslation();
  const id = useId();
  const edit = useTemplateEdit(view);
  const { editor } = edit;
  const colour = recipientColour(editor.current);
  const count = (role: number) => editor.areas.filter((a) => a.recipientIndex === role).length;

  return (
    // Not a <form>: the page layers' buttons would submit it.
    <div className="funnel-step">
      <p className="muted">{t('templatesPage.editIntro')}</p>
      <div className="field">
        <label htmlFor={`${id}-title`}>{t('templatesPage.name')}</label>
        <input
          id={`${id}-title`}
          value={edit.title}
          maxLength={TEMPLATE_TITLE_MAX_CHARS}
          onChange={(e) => edit.setTitle(e.target.value)}
          data-testid="template-edit-title"
        />
      </div>
      <fieldset className="template-edit-roles">
        <legend>{t('templatesPage.rolesLegend')}</legend>
        {edit.roleNames.map((name, i) => (
          <div className="field" key={i}>
            <label htmlFor={`${id}-role-${i}`}>
              <span className="funnel-swatch" style={{ backgroundColor: recipientColour(i) }} aria-hidden />
              {t('templatesPage.roleName', { n: i + 1 })}
            </label>
            <input
              id={`${id}-role-${i}`}
              value={name}
              maxLength={ROLE_NAME_MAX_CHARS}
              placeholder={t('templatesPage.roleDefault', { n: i + 1 })}
              onChange={(e) => edit.renameRole(i, e.target.value)}
              data-testid={`template-edit-role-${i}`}
            />
          </div>
        ))}
      </fieldset>
      <fieldset className="template-edit-roles">
        <legend>{t('templatesPage.placingFor')}</legend>
        {edit.roleNames.map((_, i) => (
          <label className="template-edit-choice" key={i}>
            <input
              type="radio"
              name={`${id}-placing`}
              checked={editor.current === i}
              onChange={() => editor.setCurrent(i)}
              data-testid={`template-edit-place-${i}`}
            />
            <span className="funnel-swatch" style={{ backgroundColor: recipientColour(i) }} aria-hidden />
            {t('templatesPage.roleFields', { name: edit.roleName(i), count: count(i) })}
          </label>
        ))}
      </fieldset>
      <FieldPicker
        type={editor.addType}
        colour={colour}
        onType={editor.setAddType}
        onAdd={editor.addInView}
      />
      <FieldEditorPages editor={editor} fileUrl={view.fileUrl} cacheKey={view.sha256} pages={view.pages} />
      <div aria-live="polite">
        {edit.saved ? (
          <p className="notice notice-success" data-testid="template-edit-saved">
            {t('templatesPage.savedEdits')}
          </p>
        ) : null}
      </div>
      <ErrorText message={edit.error} testId="template-edit-error" />
      <div className="template-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={edit.busy}
          onClick={() => void edit.save()}
          data-testid="template-edit-save"
        >
          {t('templatesPage.saveEdits')}
        </button>
      </div>
      <FieldEditorPanel editor={editor} isOwnerAt={NOT_OWNER} />
    </div>
  );
}
