// Edit template's state (issue #27 item 3): the template's name, its roles' names and, through Set
// Position's own editor (funnel/hooks/use-field-editor), every role's fields. Save sends them all with
// the version the page was opened on (PATCH /api/templates/{id}); nothing typed or placed is lost on a
// refusal: a field the server refuses (`details.row`, counted across roles) is opened to fix, and a
// save made elsewhere meanwhile (409 templates.errors.changed) is said, the newer version read, so the
// next Save replaces it with these edits.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateView } from '../../../../../shared/api/schemas';
import { ApiError } from '../../../lib/api-client';
import { checkSettings, settingsOfView } from '../../funnel/fields';
import { useFieldEditor, type FieldEditor } from '../../funnel/hooks/use-field-editor';
import type { PlacedArea } from '../../funnel/components/field-box';
import { describeError, describeKey, errorRow } from '../../funnel/messages';
import { getTemplate, updateTemplate } from '../api/templates-api';

export interface TemplateEdit {
  editor: FieldEditor;
  title: string;
  setTitle: (title: string) => void;
  roleNames: string[];
  renameRole: (index: number, name: string) => void;
  /** A role's name as it is saved (an empty one is "Contractor N"). */
  roleName: (index: number) => string;
  busy: boolean;
  /** The last save's refusal (translated), or null. */
  error: string | null;
  /** The last save's success. */
  saved: boolean;
  save: () => Promise<void>;
}

export function useTemplateEdit(view: TemplateView): TemplateEdit {
  const { t } = useTranslation();
  const [title, setTitleState] = useState(view.title);
  // The name as last read: sent only when changed here, so a rename made elsewhere is not undone.
  const [baseTitle, setBaseTitle] = useState(view.title);
  const [roleNames, setRoleNames] = useState(() => [...view.roles]);
  const [version, setVersion] = useState(view.version);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const edited = () => setSaved(false);
  const editor = useFieldEditor({
    initial: () =>
      view.fields.map(({ roleIndex, pageIndex, x, y, width, height, ...settings }) => ({
        recipientIndex: roleIndex,
        pageIndex,
        x,
        y,
        width,
        height,
        settings: settingsOfView(settings),
      })),
    pages: view.pages,
  });
  // Any change after a save takes its "saved" notice away.
  useEffect(edited, [editor.areas]);

  const roleName = (index: number) =>
    roleNames[index]?.trim() || t('templatesPage.roleDefault', { n: index + 1 });
  /** Every field, role by role: the order the server counts `row` in. */
  const ordered = (): PlacedArea[] =>
    roleNames.flatMap((_, i) => editor.areas.filter((a) => a.recipientIndex === i));

  /** Opens a field to fix and says what is wrong with it, naming its role and number there. */
  const showField = (area: PlacedArea, message: string) => {
    const n = editor.areas.filter((a) => a.recipientIndex === area.recipientIndex).indexOf(area) + 1;
    editor.setCurrent(area.recipientIndex);
    editor.setSelected(area.id);
    setError(t('templatesPage.rowField', { n, role: roleName(area.recipientIndex), message }));
  };

  async function save() {
    setError(null);
    setSaved(false);
    const fields = ordered();
    // A role without a field could not be sent (every contractor needs one): said before saving.
    const empty = roleNames.findIndex((_, i) => !fields.some((a) => a.recipientIndex === i));
    if (empty >= 0) {
      editor.setCurrent(empty);
      setError(t('templatesPage.roleEmpty', { role: roleName(empty) }));
      return;
    }
    // Settings are checked in the panel; a field that still fails (none should) is opened to fix.
    for (const area of fields) {
      const result = checkSettings(area.settings, false);
      if (!result.ok) {
        showField(area, describeKey(t, result.error, result.values));
        return;
      }
    }
    setBusy(true);
    try {
      const newTitle = title.trim();
      const next = await updateTemplate(view.templateId, {
        ...(newTitle && newTitle !== baseTitle ? { title: newTitle } : {}),
        roles: roleNames.map((_, i) => ({
          name: roleName(i),
          fields: fields
            .filter((a) => a.recipientIndex === i)
            .map(({ pageIndex, x, y, width, height, settings }) => ({
              pageIndex,
              x,
              y,
              width,
              height,
              ...settings,
            })),
        })),
        version,
      });
      setVersion(next.version);
      setBaseTitle(next.title);
      setTitleState(next.title);
      setSaved(true);
    } catch (e) {
      const row = errorRow(e);
      const field = row === undefined ? undefined : fields[row];
      if (field) showField(field, describeError(t, e));
      else setError(describeError(t, e));
      if (e instanceof ApiError && e.code === 'templates.errors.changed') {
        // The next Save replaces the newer version with these edits (the message says so).
        await getTemplate(view.templateId).then(
          (latest) => {
            setVersion(latest.version);
            setBaseTitle(latest.title);
            if (title === baseTitle) setTitleState(latest.title);
          },
          () => undefined,
        );
      }
    } finally {
      setBusy(false);
    }
  }

  return {
    editor,
    title,
    setTitle: (next) => {
      setTitleState(next);
      edited();
    },
    roleNames,
    renameRole: (index, name) => {
      setRoleNames((names) => names.map((n, i) => (i === index ? name : n)));
      edited();
    },
    roleName,
    busy,
    error,
    saved,
    save,
  };
}
