// Use template (issue #27 item 3): each role's person (name and contact) and any pre-filled values,
// and a new draft is made from a copy of the template — its PDF under a key of the document's own,
// its roles as contractors, their fields with the settings the template has today — ready for
// Finalize. Copy on use: editing or deleting the template later never changes this contract. The draft
// goes through the same use cases as the funnel (upload record, contractors, fields), so it is checked
// by the same rules; and those rules run first on what was given (the people, every field with its
// value, the owner's own fields), so a refusal leaves no half-made draft behind. Each use stores a new
// original, so it counts against the owner's upload allowance as an upload form does.
import type { DocumentView, UseTemplateRequest } from '../../shared/api/schemas';
import { isOwnerContact, validateContractors } from '../../shared/domain/contractors';
import { fieldTypeOf, isValueField, validateFieldValue } from '../../shared/domain/fields';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import { expected, ownerActor, validationError } from './document-access';
import { createDocument, updateDocument } from './documents';
import { enforceLimits } from './limits';
import { newOriginalKey } from './original';
import { phoneCountryFor, saveAreas, saveRecipients, storedField } from './recipients';
import type { TemplateRecord } from '../adapters/dynamo/templates';
import { accessTemplate, fieldInput, type TemplateDeps } from './templates';

function badRoles(roles: number): AppError {
  return new AppError('templates.errors.roleCount', 'Give one person per role', {
    status: 400,
    details: { roles },
  });
}

/** A template's contract as checked: its people and every field with its value, ready to save. */
export interface TemplateUsePlan {
  readonly areas: (ReturnType<typeof fieldInput> & { recipientIndex: number })[];
}

/**
 * The rules of Set Position and the funnel, run on what a use of the template gives (each role's
 * person, the values by field label) before anything is made: a refusal is an AppError naming why.
 * `owner` is the caller's contact, whose own rows agree at sending. Bulk send runs it on each row.
 */
export function planTemplateUse(
  t: TemplateRecord,
  input: Pick<UseTemplateRequest, 'recipients' | 'values' | 'lang'>,
  ownerContact: string | null,
  englishPhoneCountry: TemplateDeps['englishPhoneCountry'],
): TemplateUsePlan {
  if (input.recipients.length !== t.roles.length) throw badRoles(t.roles.length);
  const people = validateContractors(input.recipients, {
    defaultCountry: phoneCountryFor(input.lang, englishPhoneCountry),
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
  // The owner among the people signs at sending: their fields must hold what sending needs.
  let row = 0;
  const areas = t.roles.flatMap((role, recipientIndex) => {
    const person = people.contractors[recipientIndex]!;
    const isOwner =
      person.method === 'email' && !!ownerContact && isOwnerContact(person.contact, ownerContact);
    return (role.fields ?? []).map((f) => {
      const given = f.label === undefined ? undefined : values.get(f.label);
      if (given !== undefined) {
        const check = validateFieldValue({ ...f, type: fieldTypeOf(f) }, given);
        if (!check.ok) {
          const values = { ...check.values, label: f.label ?? '' };
          throw validationError({ ...check, values }, `The value of ${f.label ?? ''} is refused`);
        }
      }
      const { value: preset, ...settings } = fieldInput(f);
      const value = given ?? preset;
      const area = { recipientIndex, ...settings, ...(value ? { value } : {}) };
      storedField(area, row++, isOwner);
      return area;
    });
  });
  return { areas };
}

export async function useTemplate(
  deps: TemplateDeps,
  user: AuthUser,
  templateId: string,
  input: UseTemplateRequest,
  now = new Date(),
  options: {
    /** The new document's id (a bulk row's, so that a retried row finds its contract). */
    docuId?: string;
    /** The owner accepted the e-sign terms for it (bulk send's confirmation). */
    acceptTerms?: boolean;
    /** Count the new original against the owner's upload allowance (not for a bulk's rows: the
     *  bulk has its own limit, and each row is a paid contract). @default true */
    countUpload?: boolean;
  } = {},
): Promise<DocumentView> {
  const { template: t } = await accessTemplate(deps, user, templateId, 'use', now);
  const owner = await ownerActor(deps, user);
  const { areas } = planTemplateUse(t, input, owner.contact ?? null, deps.englishPhoneCountry);
  if (options.countUpload !== false) {
    await enforceLimits(deps.limits, [{ rule: 'uploadFormsPerOwner', key: user.sub }]);
  }

  const created = await createDocument(deps, user, { kind: 'esign', docuId: options.docuId }, now);
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
  await updateDocument(deps, user, docuId, {
    title: input.title ?? t.title,
    ...(options.acceptTerms ? { privateinfoAgree: true } : {}),
  });
  await saveRecipients(
    deps,
    user,
    docuId,
    { recipients: input.recipients, finalRecipients: [], lang: input.lang },
    now,
  );
  return saveAreas(deps, user, docuId, { areas });
}
