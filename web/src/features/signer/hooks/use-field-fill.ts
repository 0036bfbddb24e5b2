// The signer's typed, picked and attached field values (issue #27) and their saving: a value is kept
// on the page as typed and saved (PUT …/fields) after a short pause or when its input loses the focus;
// a failed save keeps what was typed and shows the server's translated message until a later save
// succeeds. Attachments go through the one-time upload form, then `complete`. After an attempt to go
// on with required fields empty, every empty one shows its own message.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentView, SignerView } from '../../../../../shared/api/schemas';
import { errorMessage } from '../../../lib/error-message';
import { postToStorage, StorageUploadError } from '../../funnel/api/documents';
import { completeAttachment, fillFields, removeAttachment, requestAttachmentUpload } from '../api/signer-api';
import { acceptableAttachment, initialValues, ownFields, valueError, type Area } from '../fields';

/** How long typing may pause before the value is saved. */
export const SAVE_DELAY_MS = 700; // not a spec constant: the typing pause before a save

const attachmentsOf = (view: SignerView | null) =>
  new Map(ownFields(view).flatMap((a) => (a.attachment ? [[a.areaIndex, a.attachment] as const] : [])));

export function useFieldFill(docuId: string, token: string, view: SignerView | null) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ReadonlyMap<number, string>>(new Map());
  const [attachments, setAttachments] = useState<ReadonlyMap<number, AttachmentView>>(new Map());
  /** Area index → the message of a file refused or failed (per attachment field). */
  const [fileErrors, setFileErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [uploading, setUploading] = useState<ReadonlySet<number>>(new Set());
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** An attempt to go on was made: empty required fields show their messages from now on. */
  const [attempted, setAttempted] = useState(false);

  const areas = useMemo(() => ownFields(view), [view]);
  const byIndex = useMemo(() => new Map(areas.map((a) => [a.areaIndex, a] as const)), [areas]);

  // The values as the page holds them (for the async saves), and those not yet saved.
  const latest = useRef<ReadonlyMap<number, string>>(values);
  const dirty = useRef(new Set<number>());
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!view || loadedFor.current === view.docuId) return;
    loadedFor.current = view.docuId;
    const start = initialValues(areas, view.me.name);
    // A name pre-filled with the contractor's name is theirs to keep: saved with the next save.
    for (const a of areas) if (a.type === 'name' && a.value === undefined) dirty.current.add(a.areaIndex);
    latest.current = start;
    setValues(start);
    setAttachments(attachmentsOf(view));
  }, [view, areas]);

  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef<Promise<boolean> | null>(null);

  /** Saves every changed, valid value; true when nothing is left unsaved. */
  const save = useCallback(async (): Promise<boolean> => {
    window.clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current;
    const batch = [...dirty.current]
      .map((areaIndex) => ({ areaIndex, value: latest.current.get(areaIndex) ?? '' }))
      .filter(({ areaIndex, value }) => {
        const area = byIndex.get(areaIndex);
        return area !== undefined && valueError(area, value) === null;
      });
    if (batch.length === 0) return dirty.current.size === 0;
    const call = (async () => {
      setSaving(true);
      try {
        await fillFields(docuId, token, { values: batch });
        // Saved unless typed again meanwhile.
        for (const { areaIndex, value } of batch) {
          if ((latest.current.get(areaIndex) ?? '') === value) dirty.current.delete(areaIndex);
        }
        setSaveError(null);
        return dirty.current.size === 0;
      } catch (err) {
        setSaveError(errorMessage(t, err));
        return false;
      } finally {
        setSaving(false);
      }
    })();
    inFlight.current = call;
    try {
      return await call;
    } finally {
      inFlight.current = null;
    }
  }, [byIndex, docuId, token, t]);

  /** A value changed: kept at once, saved after a pause (or now, for a pick). */
  const change = useCallback(
    (areaIndex: number, value: string, now = false) => {
      const next = new Map(latest.current);
      next.set(areaIndex, value);
      latest.current = next;
      dirty.current.add(areaIndex);
      setValues(next);
      window.clearTimeout(timer.current);
      if (now) void save();
      else timer.current = window.setTimeout(() => void save(), SAVE_DELAY_MS);
    },
    [save],
  );

  /** An input lost the focus: what it holds is saved now. */
  const commit = useCallback(() => {
    if (dirty.current.size > 0) void save();
  }, [save]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const setFileError = (areaIndex: number, message: string | null) =>
    setFileErrors((prev) => {
      const next = new Map(prev);
      if (message === null) next.delete(areaIndex);
      else next.set(areaIndex, message);
      return next;
    });
  const setBusy = (areaIndex: number, busy: boolean) =>
    setUploading((prev) => {
      const next = new Set(prev);
      if (busy) next.add(areaIndex);
      else next.delete(areaIndex);
      return next;
    });
  const takeAttachments = (fresh: SignerView) => setAttachments(attachmentsOf(fresh));

  const attach = async (area: Area, file: File) => {
    if (!acceptableAttachment(file)) {
      setFileError(area.areaIndex, t('fields.errors.badAttachment'));
      return;
    }
    setFileError(area.areaIndex, null);
    setBusy(area.areaIndex, true);
    try {
      const form = await requestAttachmentUpload(docuId, token, {
        areaIndex: area.areaIndex,
        fileName: file.name,
        contentType: file.type,
        sizeBytes: file.size,
      });
      await postToStorage(form, file, () => undefined);
      takeAttachments(await completeAttachment(docuId, token, { areaIndex: area.areaIndex, key: form.key }));
    } catch (err) {
      // The storage refusing the form (or the network failing) is said as the funnel's upload says it.
      setFileError(
        area.areaIndex,
        err instanceof StorageUploadError ? t('errors.unavailable') : errorMessage(t, err),
      );
    } finally {
      setBusy(area.areaIndex, false);
    }
  };

  const detach = async (area: Area) => {
    setFileError(area.areaIndex, null);
    setBusy(area.areaIndex, true);
    try {
      takeAttachments(await removeAttachment(docuId, token, area.areaIndex));
    } catch (err) {
      setFileError(area.areaIndex, errorMessage(t, err));
    } finally {
      setBusy(area.areaIndex, false);
    }
  };

  return {
    values,
    attachments,
    attached: useMemo(() => new Set(attachments.keys()), [attachments]),
    fileErrors,
    uploading,
    saving,
    saveError,
    attempted,
    change,
    commit,
    /** Saves what is left before going on; false when a save failed (its message shows). */
    flush: save,
    attach: (area: Area, file: File) => void attach(area, file),
    detach: (area: Area) => void detach(area),
    markAttempt: () => setAttempted(true),
  };
}

export type FieldFill = ReturnType<typeof useFieldFill>;
