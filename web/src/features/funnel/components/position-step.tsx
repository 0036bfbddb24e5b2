// Set Position (setpos): the contractors one at a time ('Please specify the signature position of
// the Nth contractor'), each placing one or more fields on the pages in their colour: sign areas
// (signature fields) and, from the field-type picker, any of the 13 field types (issue #27). Selecting
// a field opens its properties. Next for a contractor needs at least one field; after the last, every
// field is saved with its settings (in PDF points) and the funnel moves on. Previous on the first
// contractor goes back to the contractors step. Approvers and viewers (issue #28) have no fields: they
// are skipped, and a line says why; a contract whose only contractors are such saves no field.
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recipientColour } from '../../../../../shared/domain/constants';
import { RECIPIENT_ROLE_LABEL_KEYS, roleHasFields } from '../../../../../shared/domain/routing';
import { localeForPath, ordinal } from '../../../../../shared/i18n/core';
import { saveAreas } from '../api/documents';
import { ApiError } from '../../../lib/api-client';
import { checkSettings, settingsOfView } from '../fields';
import { useFieldEditor } from '../hooks/use-field-editor';
import { describeError, describeKey, errorRow } from '../messages';
import { ErrorText } from './error-text';
import { FieldEditorPages, FieldEditorPanel } from './field-editor';
import { FieldPicker } from './field-picker';
import { FormFieldsOffer, type AssignedFormField } from './form-fields-offer';
import { OwnerSignPanel, ownerSignUrlOf, useOwnerSign } from './owner-sign';
import { SignClickTutorial } from './sign-click-tutorial';
import type { StepProps } from './step-props';
import { StepNav } from './step-nav';

export function PositionStep({ doc, lang, onSaved, onPrevious, onNext }: StepProps & { onNext: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Only signers place fields (issue #28): the walk goes through them, in the contractors' order.
  const placeable = useMemo(() => doc.recipients.filter((r) => roleHasFields(r.role)), [doc.recipients]);
  const skipped = doc.recipients.filter((r) => !roleHasFields(r.role));
  const editor = useFieldEditor({
    initialCurrent: placeable[0]?.index ?? 0,
    initial: () =>
      placeable.flatMap((r) =>
        r.areas.map((view) => ({
          recipientIndex: r.index,
          pageIndex: view.pageIndex,
          x: view.x,
          y: view.y,
          width: view.width,
          height: view.height,
          settings: settingsOfView(view),
        })),
      ),
    pages: doc.pages,
    onAdded: () => setError(null),
  });
  const { areas, current, setCurrent, setSelected } = editor;
  // The PDF's own form fields (issue #27 item 4) are offered until assigned (or saved before).
  const [formAssigned, setFormAssigned] = useState(() =>
    doc.recipients.some((r) =>
      r.areas.some((a) => doc.formFields.some((f) => f.name === a.label && f.pageIndex === a.pageIndex)),
    ),
  );
  const assignForm = (fields: AssignedFormField[]) => {
    editor.append(
      fields.map(({ recipientIndex, pageIndex, x, y, width, height, ...settings }) => ({
        recipientIndex,
        pageIndex,
        x,
        y,
        width,
        height,
        settings,
      })),
    );
    setFormAssigned(true);
    setError(null);
  };
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ownerSign = useOwnerSign(doc);
  const signUrl = ownerSign.sign?.url ?? null;
  // Stable while the owner's sign is the same, so the pages' layers stay memoised.
  const signUrlOf = useMemo(() => ownerSignUrlOf(doc, ownerSign), [doc.recipients, signUrl]);

  const total = placeable.length;
  const isOwnerAt = (index: number) => doc.recipients[index]?.isOwner ?? false;
  /** The contractor's place in the walk (-1: none to place). */
  const position = placeable.findIndex((r) => r.index === current);
  const contractor = placeable[position];
  const mine = areas.filter((a) => a.recipientIndex === current);

  const show = (index: number) => {
    setCurrent(index);
    setError(null);
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'start' });
  };

  async function next() {
    if (contractor && mine.length === 0) {
      setError(t('contractors.errors.noSignArea'));
      return;
    }
    // Settings are checked in the panel; a field that still fails (none should) is opened to fix.
    for (const area of areas) {
      const result = checkSettings(area.settings, isOwnerAt(area.recipientIndex));
      if (result.ok) continue;
      setCurrent(area.recipientIndex);
      setError(describeKey(t, result.error, result.values));
      setSelected(area.id);
      return;
    }
    if (position >= 0 && position < total - 1) {
      show(placeable[position + 1]!.index);
      return;
    }
    setBusy(true);
    try {
      const saved = await saveAreas(doc.docuId, {
        areas: areas.map(({ recipientIndex, pageIndex, x, y, width, height, settings }) => ({
          recipientIndex,
          pageIndex,
          x,
          y,
          width,
          height,
          ...settings,
        })),
      });
      onSaved(saved);
      onNext();
    } catch (e) {
      const row = errorRow(e);
      // A field's refusal (fields.errors.*) names the field's row in the request; others a contractor.
      const field = e instanceof ApiError && e.code.startsWith('fields.') ? areas[row ?? -1] : undefined;
      if (field) {
        setCurrent(field.recipientIndex);
        setSelected(field.id);
      } else if (row !== undefined && placeable.some((r) => r.index === row)) setCurrent(row);
      setError(describeError(t, e));
    } finally {
      setBusy(false);
    }
  }

  if (!doc.fileUrl || !doc.sha256) return null;
  const skippedLine = skipped.length > 0 && (
    <p className="field-hint funnel-skipped" data-testid="setpos-skipped">
      {t('routingOwner.setpos.skipped', {
        names: skipped.map((r) => `${r.name} (${t(RECIPIENT_ROLE_LABEL_KEYS[r.role])})`).join(', '),
      })}
    </p>
  );
  if (!contractor) {
    // Nobody places fields (only approvers and viewers): Next saves none.
    return (
      <div className="funnel-step">
        <h2 ref={headingRef} tabIndex={-1} data-testid="position-prompt">
          {t('funnel.progress.setpos')}
        </h2>
        {skippedLine}
        <p>{t('routingOwner.setpos.noSigners')}</p>
        <ErrorText message={error} />
        <StepNav onPrevious={onPrevious} onNext={() => void next()} busy={busy} />
      </div>
    );
  }
  const colour = recipientColour(current);
  return (
    <div className="funnel-step">
      <h2 ref={headingRef} tabIndex={-1} data-testid="position-prompt">
        {t('contractors.positionPrompt', { nth: ordinal(current + 1, localeForPath(lang)) })}
      </h2>
      <p className="funnel-contractor-badge" style={{ borderColor: colour }}>
        <span className="funnel-swatch" style={{ backgroundColor: colour }} aria-hidden="true" />
        {t('funnel.position.counter', { n: position + 1, total, name: contractor.name })}
        {' · '}
        {t('funnel.position.count', { areas: mine.length })}
      </p>
      {skippedLine}
      <p className="field-hint">{t('funnel.position.hint')}</p>
      <FieldPicker
        type={editor.addType}
        colour={colour}
        onType={editor.setAddType}
        onAdd={editor.addInView}
      />
      <FormFieldsOffer
        doc={{ formFields: doc.formFields, recipients: placeable }}
        current={current}
        assigned={formAssigned}
        onAssign={assignForm}
      />
      {contractor.isOwner && <OwnerSignPanel state={ownerSign} lang={lang} />}
      <SignClickTutorial />
      <FieldEditorPages
        editor={editor}
        fileUrl={doc.fileUrl}
        cacheKey={doc.sha256}
        pages={doc.pages}
        signUrlOf={signUrlOf}
      />
      <ErrorText message={error} />
      <StepNav
        onPrevious={position > 0 ? () => show(placeable[position - 1]!.index) : onPrevious}
        onNext={() => void next()}
        busy={busy}
      />
      <FieldEditorPanel editor={editor} isOwnerAt={isOwnerAt} onApplied={() => setError(null)} />
    </div>
  );
}
