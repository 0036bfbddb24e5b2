// /{lang}/home/templates/{templateId}/use (issue #27 item 3): Use template asks only for each role's
// person (name and e-mail or phone) and, if the owner wants, values of the template's labelled fields,
// then makes the draft and goes to Finalize. What was typed stays on a refusal; the message names the
// row or field at fault.
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TemplateView } from '../../../../../shared/api/schemas';
import { isValueField } from '../../../../../shared/domain/fields';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { useDocumentTitle } from '../../../app/page-title';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { getTemplate, startFromTemplate } from '../api/templates-api';

type Field = TemplateView['fields'][number];

/** The template's labelled value fields, one per label (the same label fills every field that has it). */
function valueFields(view: TemplateView): Field[] {
  const seen = new Set<string>();
  return view.fields.filter((f) => {
    if (!f.label || !isValueField(f.type) || f.type === 'strikethrough' || seen.has(f.label)) return false;
    seen.add(f.label);
    return true;
  });
}

function ValueInput({
  field,
  value,
  onChange,
  id,
}: {
  field: Field;
  value: string;
  onChange: (v: string) => void;
  id: string;
}) {
  const { t } = useTranslation();
  if (field.type === 'checkbox') {
    return (
      <input
        id={id}
        type="checkbox"
        checked={value === 'true'}
        onChange={(e) => onChange(e.target.checked ? 'true' : '')}
      />
    );
  }
  if (field.type === 'radio' || field.type === 'dropdown') {
    return (
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('templatesPage.noValue')}</option>
        {(field.options ?? []).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  }
  if (field.type === 'text' && field.multiline) {
    return (
      <textarea
        id={id}
        value={value}
        maxLength={field.maxLength}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  const type = field.type === 'date' ? 'date' : 'text';
  return (
    <input
      id={id}
      type={type}
      inputMode={field.type === 'number' ? 'decimal' : undefined}
      value={value}
      maxLength={field.maxLength}
      placeholder={field.placeholder}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function UseTemplatePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const navigate = useNavigate();
  const { templateId = '' } = useParams();
  const [view, setView] = useState<TemplateView | null>(null);
  const [title, setTitle] = useState('');
  const [people, setPeople] = useState<{ name: string; contact: string }[]>([]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ text: string; row?: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const prefillable = useMemo(() => (view ? valueFields(view) : []), [view]);
  useDocumentTitle(view ? t('templatesPage.useTitle', { title: view.title }) : t('templatesPage.title'));

  useEffect(() => {
    let live = true;
    getTemplate(templateId)
      .then((v) => {
        if (!live) return;
        setView(v);
        setTitle(v.title);
        setPeople(v.roles.map(() => ({ name: '', contact: '' })));
        setValues(Object.fromEntries(valueFields(v).map((f) => [f.label!, f.value ?? ''])));
      })
      .catch((e: unknown) => live && setError({ text: errorMessage(t, e) }));
    return () => {
      live = false;
    };
  }, [templateId, t]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!view) return;
    setBusy(true);
    setError(null);
    try {
      const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
      const doc = await startFromTemplate(view.templateId, {
        recipients: people,
        values: filled,
        title: title.trim() || view.title,
        lang,
      });
      await navigate(paths.homeMakeEsign.getHref(lang, { func: 'agree', docuId: doc.docuId }));
    } catch (err) {
      const details = err instanceof ApiError ? (err.details as { row?: unknown } | undefined) : undefined;
      const row = typeof details?.row === 'number' ? details.row : undefined;
      setError({ text: errorMessage(t, err), ...(row === undefined ? {} : { row }) });
    } finally {
      setBusy(false);
    }
  }

  if (!view) {
    return error ? (
      <p className="notice notice-warning" role="alert" data-testid="use-template-error">
        {error.text}
      </p>
    ) : (
      <p className="muted">{t('templatesPage.loading')}</p>
    );
  }
  return (
    <form
      className="use-template-page card"
      onSubmit={(e) => void submit(e)}
      data-testid="use-template-page"
      noValidate
    >
      <h1>{t('templatesPage.useTitle', { title: view.title })}</h1>
      <p className="muted">{t('templatesPage.useIntro')}</p>
      <label className="field" htmlFor={`${id}-title`}>
        <span>{t('templatesPage.contractName')}</span>
      </label>
      <input id={`${id}-title`} value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} />
      {view.roles.map((role, i) => (
        <fieldset
          key={`${role}-${i}`}
          className="use-template-role"
          aria-invalid={error?.row === i || undefined}
        >
          <legend>{role}</legend>
          <label className="field">
            <span>{t('templatesPage.personName')}</span>
            <input
              value={people[i]?.name ?? ''}
              maxLength={200}
              autoComplete="off"
              data-testid={`use-role-${i}-name`}
              onChange={(e) =>
                setPeople((p) => p.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
              }
            />
          </label>
          <label className="field">
            <span>{t('templatesPage.personContact')}</span>
            <input
              value={people[i]?.contact ?? ''}
              maxLength={254}
              autoComplete="off"
              inputMode="email"
              data-testid={`use-role-${i}-contact`}
              onChange={(e) =>
                setPeople((p) => p.map((x, j) => (j === i ? { ...x, contact: e.target.value } : x)))
              }
            />
          </label>
        </fieldset>
      ))}
      {prefillable.length > 0 ? (
        <fieldset className="use-template-values">
          <legend>{t('templatesPage.prefill')}</legend>
          {prefillable.map((f, i) => (
            <div className="field" key={f.label}>
              <label htmlFor={`${id}-v${i}`}>{f.label}</label>
              <ValueInput
                id={`${id}-v${i}`}
                field={f}
                value={values[f.label!] ?? ''}
                onChange={(v) => setValues((all) => ({ ...all, [f.label!]: v }))}
              />
            </div>
          ))}
        </fieldset>
      ) : null}
      {error ? (
        <p className="notice notice-warning" role="alert" data-testid="use-template-error">
          {error.text}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-primary"
        disabled={busy}
        data-testid="use-template-submit"
      >
        {t('templatesPage.makeContract')}
      </button>
    </form>
  );
}
