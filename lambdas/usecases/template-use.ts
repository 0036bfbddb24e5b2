// Use template (issue #27 item 3): each role's person (name and contact) and any pre-filled values,
// and a new draft is made from a copy of the template — its PDF under a key of the document's own,
// its roles as contractors, their fields with the settings the template has today — ready for
// Finalize. Copy on use: editing or deleting the template later never changes this contract. The draft
// goes through the same use cases as the funnel (upload record, contractors, fields), so it is checked
// by the same rules; everything a person typed is checked before anything is made.
import type { DocumentView, UseTemplateRequest } from '../../shared/api/schemas';
import { validateContractors } from '../../shared/domain/contractors';
import { fieldTypeOf, isRequired, isValueField, validateFieldValue } from '../../shared/domain/fields';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import { expected, validationError } from './document-access';
import { createDocument, updateDocument } from './documents';
import { newOriginalKey } from './original';
import { phoneCountryFor, saveAreas, saveRecipients } from './recipients';
import { accessTemplate, type TemplateDeps } from './templates';

function badRoles(roles: number): AppError {
  return new AppError('templates.errors.roleCount', 'Give one person per role', {
    status: 400,
    details: { roles },
  });
}

export async function useTemplate(
  deps: TemplateDeps,
  user: AuthUser,
  templateId: string,
  input: UseTemplateRequest,
  now = new Date(),
): Promise<DocumentView> {
  const t = await accessTemplate(deps, user, templateId, 'use', now);
  if (input.recipients.length !== t.roles.length) throw badRoles(t.roles.length);
  const people = validateContractors(input.recipients, {
    defaultCountry: phoneCountryFor(input.lang, deps.englishPhoneCountry),
  });
  if (!people.ok) throw validationError(people, 'The people are refused');
  if (people.contractors.length !== t.roles.length) throw badRoles(t.roles.length);

  // Values by label, for value fields only; a label no field has is a mistake worth saying.
  const values = new Map(Object.entries(input.values ?? {}));
  const labelled = new Set(
    t.roles.flatMap((r) => (r.fields ?? []).filter((f) => isValueField(fieldTypeOf(f))).map((f) => f.label)),
  );
  for (const label of values.keys()) {
    if (!labelled.has(label)) {
      throw new AppError('templates.errors.unknownField', `No value field is labelled ${label}`, {
        status: 400,
        details: { label },
      });
    }
  }
  const areas = t.roles.flatMap((role, recipientIndex) =>
    (role.fields ?? []).map((f) => {
      const type = fieldTypeOf(f);
      const given = f.label === undefined ? undefined : values.get(f.label);
      const value = given ?? f.value;
      if (given !== undefined) {
        const check = validateFieldValue({ ...f, type }, given);
        if (!check.ok) throw validationError(check, `The value of ${f.label ?? ''} is refused`);
      }
      return {
        recipientIndex,
        pageIndex: f.pageIndex,
        x: f.x,
        y: f.y,
        width: f.width,
        height: f.height,
        type,
        required: isRequired(f),
        ...(f.label === undefined ? {} : { label: f.label }),
        ...(f.placeholder === undefined ? {} : { placeholder: f.placeholder }),
        ...(f.multiline === undefined ? {} : { multiline: f.multiline }),
        ...(f.maxLength === undefined ? {} : { maxLength: f.maxLength }),
        ...(f.options === undefined ? {} : { options: [...f.options] }),
        ...(value === undefined || value === '' ? {} : { value }),
      };
    }),
  );

  const created = await createDocument(deps, user, { kind: 'esign' }, now);
  const docuId = created.docuId;
  const doc = (await deps.docs.getDocument(docuId))!;
  const fileKey = newOriginalKey(docuId);
  const copied = await deps.storage.copy(t.fileKey, fileKey, { contentType: 'application/pdf' });
  await deps.docs.changeStatus(docuId, expected(doc), 'Upload', {
    fileKey,
    fileEtag: copied.etag ?? null,
    originalFileName: t.originalFileName,
    sizeBytes: t.sizeBytes,
    sha256: t.sha256,
    pages: t.pages.map((p) => ({ width: p.width, height: p.height })),
    uploadedAt: now.toISOString(),
  });
  await updateDocument(deps, user, docuId, { title: input.title ?? t.title });
  await saveRecipients(
    deps,
    user,
    docuId,
    { recipients: input.recipients, finalRecipients: [], lang: input.lang },
    now,
  );
  return saveAreas(deps, user, docuId, { areas });
}
