// The parties of a draft (issue #4): its contractors (a video contract's owner is party 0, issue #16),
// the owner's address book, and the contractors' sign areas.
import type { CountryCode } from 'libphonenumber-js';
import type { DocumentView, SaveAreasRequest, SaveRecipientsRequest } from '../../shared/api/schemas';
import type { Language } from '../../shared/domain/constants';
import { defaultCountryFor, isValidEmail, normaliseEmail } from '../../shared/domain/contact';
import { isOwnerContact, validateContractors, validateSignAreas } from '../../shared/domain/contractors';
import {
  type FieldSettings,
  fieldTypeOf,
  isImageField,
  isValueField,
  setSettings,
  validateFieldSettingsOf,
} from '../../shared/domain/fields';
import type { ValidationFailure } from '../../shared/domain/validation';
import {
  expiryRefusal,
  normaliseGroups,
  roleBlocks,
  roleHasFields,
  roleOf,
  ROUTING_LIMITS,
} from '../../shared/domain/routing';
import type { DocumentChanges, DocumentRecord } from '../adapters/dynamo/documents';
import type { AddressBookRecord, RecipientRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import {
  assertCan,
  type DocumentDeps,
  expected,
  ownDocument,
  ownerActor,
  validationError,
  videoContractOwnerRow,
  view,
} from './document-access';

/** At most this many contractors per document (one transaction writes them all with the document). */
export const MAX_CONTRACTORS = 40;

/** The country assumed for phone numbers without '+' for a UI language. */
export function phoneCountryFor(lang: Language, englishDefault: CountryCode): CountryCode | undefined {
  return defaultCountryFor(lang, englishDefault);
}

// --- Contractors ----------------------------------------------------------------------------------

export async function saveRecipients(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
  input: SaveRecipientsRequest,
  now = new Date(),
): Promise<DocumentView> {
  const doc = await ownDocument(deps, user, docuId);
  assertCan(doc, 'AddRcpt');
  const result = validateContractors(input.recipients, {
    defaultCountry: phoneCountryFor(input.lang, deps.englishPhoneCountry),
    optional: doc.kind === 'vcontract',
  });
  if (!result.ok) throw validationError(result, 'The contractors are refused');
  const contractors = result.contractors;
  if (contractors.length > MAX_CONTRACTORS) {
    throw new AppError('errors.validation', `At most ${MAX_CONTRACTORS} contractors`, {
      status: 400,
      details: { row: MAX_CONTRACTORS },
    });
  }
  const finalRecipients: string[] = [];
  for (const [row, raw] of input.finalRecipients.entries()) {
    const text = raw.trim();
    if (!text) continue;
    if (!isValidEmail(text)) {
      throw new AppError('contractors.errors.invalidEmail', 'A final recipient is not an e-mail', {
        status: 400,
        details: { row, finalRecipient: true },
      });
    }
    const email = normaliseEmail(text);
    if (!finalRecipients.includes(email)) finalRecipients.push(email);
  }

  const routing = checkedRouting(doc, input, now);
  const owner = await ownerActor(deps, user);
  const old = await deps.docs.listRecipients(docuId);
  // A video contract's owner is party 0 already (their recorded terms): the contractors follow.
  const vcontract = doc.kind === 'vcontract';
  const first = vcontract ? 1 : 0;
  if (vcontract) {
    const row = contractors.findIndex(
      (c) => c.method === 'email' && isOwnerContact(c.contact, owner.contact),
    );
    if (row >= 0) {
      throw new AppError('contractors.errors.ownerIsParty', 'The owner is already a party', {
        status: 400,
        details: { row },
      });
    }
  }
  // Issue #28: each row's role and group (the owner's own row signs; groups made contiguous).
  const typed = input.recipients.filter((r) => r.name.trim() !== '' || r.contact.trim() !== '');
  const roles = contractors.map((_, row) => typed[row]?.role ?? 'signer');
  const groups = normaliseGroups(
    contractors.map((_, row) => typed[row]?.group ?? 1),
    routing.routingOrder,
  );
  // Areas of a contractor who stays at the same position with the same contact are kept.
  const rows: RecipientRecord[] = contractors.map((c, row) => {
    const index = row + first;
    const isOwner = c.method === 'email' && !!owner.contact && isOwnerContact(c.contact, owner.contact);
    const before = old.find((r) => r.index === index && r.contact === c.contact);
    const role = roles[row]!;
    if (isOwner && role !== 'signer') {
      throw new AppError('routing.errors.ownerRole', 'The owner as a contractor signs', {
        status: 400,
        details: { row },
      });
    }
    return {
      role,
      group: groups[row]!,
      docuId,
      index,
      name: c.name,
      contact: c.contact,
      method: c.method,
      isOwner,
      agreement: isOwner ? 1 : 0,
      // Only signers have fields (issue #28): a contractor made approver or viewer loses theirs.
      areas: roleHasFields(role) ? (before?.areas ?? []).map((a) => keptField(a, isOwner)) : [],
      lang: input.lang,
      // The owner's own video (Video Sign) stays while the owner stays a contractor.
      ...(isOwner && before?.isOwner && before.video ? { video: before.video } : {}),
    };
  });
  const ownerRow = old.find((r) => r.index === 0 && r.isOwner);
  const next = vcontract
    ? [videoContractOwnerRow(docuId, owner, ownerRow && { ...ownerRow, lang: input.lang }), ...rows]
    : rows;
  if (!vcontract && next.length > 0 && !next.some((r) => roleBlocks(roleOf(r)))) {
    throw new AppError('routing.errors.noBlocker', 'Every contractor is a viewer', { status: 400 });
  }
  const stale = old.filter((r) => r.index >= next.length).map((r) => r.index);
  await deps.docs.changeStatus(
    docuId,
    expected(doc),
    'AddRcpt',
    { finalRecipients, lang: input.lang, ...routing },
    { putRecipients: next, deleteRecipients: stale },
  );

  const at = now.toISOString();
  const entries: AddressBookRecord[] = next
    .filter((r) => !r.isOwner)
    .map((r) => ({ ownerId: user.sub, contact: r.contact, name: r.name, method: r.method, lastUsedAt: at }));
  await deps.docs.upsertAddressBook(entries);
  return view(deps, docuId);
}

/**
 * The routing settings saved with the contractors (issue #28): absent keeps what is stored; parallel
 * order stores everyone in group 1; a reminder plan of zero reminders is none; an expiry date must be
 * at least an hour and at most a year away.
 */
function checkedRouting(
  doc: DocumentRecord,
  input: SaveRecipientsRequest,
  now: Date,
): Pick<DocumentChanges, 'reminders' | 'expiresAt' | 'allowDelegation'> & {
  routingOrder: 'parallel' | 'sequential';
} {
  const r = input.routing;
  if (!r) return { routingOrder: doc.routingOrder ?? 'parallel' };
  if (r.expiresAt !== null) {
    const refusal = expiryRefusal(r.expiresAt, now);
    if (refusal) {
      throw new AppError(refusal, 'The expiry date is refused', {
        status: 400,
        details: { days: ROUTING_LIMITS.expiryMaxDays },
      });
    }
  }
  return {
    routingOrder: r.order,
    reminders: r.reminders && r.reminders.max > 0 ? { ...r.reminders } : null,
    expiresAt: r.expiresAt,
    allowDelegation: r.allowDelegation,
  };
}

export async function listAddressBook(
  deps: DocumentDeps,
  user: AuthUser,
): Promise<{ entries: { name: string; contact: string }[] }> {
  const items = await deps.docs.listAddressBook(user.sub);
  const sorted = [...items].sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt));
  return { entries: sorted.map((e) => ({ name: e.name, contact: e.contact })) };
}

// --- Sign areas and fields (issue #27) -----------------------------------------------------------

type AreaInput = SaveAreasRequest['areas'][number];
type StoredArea = NonNullable<RecipientRecord['areas']>[number];

function fieldRefused(failure: ValidationFailure, row: number): AppError {
  return validationError({ ...failure, row }, `Field ${row} is refused: ${failure.error}`);
}

/**
 * One placed field as stored: its settings checked (fields.ts validateFieldSettingsOf; `row` is the
 * area's position in the request), undefined settings omitted. The owner's own row is final at
 * sending: its sign fields start signed (sending stamps them), its other required fields must carry
 * the owner's pre-filled value. For other contractors a pre-fill is the starting value they may
 * change; `signed` says whether the field is filled (a date-signed field is filled at agreement).
 */
export function storedField(a: AreaInput, row: number, isOwner: boolean): StoredArea {
  const settings: FieldSettings = {
    type: a.type ?? 'signature',
    required: a.required ?? isImageField(a.type ?? 'signature'),
    ...setSettings({ ...a, options: a.options?.map((o) => o.trim()) }),
    ...(a.value === undefined || a.value === '' ? {} : { value: a.value }),
  };
  const check = validateFieldSettingsOf(settings, isOwner);
  if (!check.ok) throw fieldRefused(check, row);
  const { type } = settings;
  const filled = settings.value !== undefined;
  return {
    pageIndex: a.pageIndex,
    x: a.x,
    y: a.y,
    width: a.width,
    height: a.height,
    // The owner's sign fields are pre-signed; sending stamps them with the owner's default sign.
    signed: isImageField(type) ? isOwner : filled,
    ...settings,
  };
}

/** A kept field when its contractor's row is saved again: an owner's sign fields are signed, a
 *  value field is signed while it holds a value. */
function keptField(a: StoredArea, isOwner: boolean): StoredArea {
  const type = fieldTypeOf(a);
  if (isImageField(type)) return { ...a, signed: isOwner };
  return { ...a, signed: isValueField(type) && (a.value ?? '') !== '' };
}

export async function saveAreas(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
  input: SaveAreasRequest,
): Promise<DocumentView> {
  const doc = await ownDocument(deps, user, docuId);
  assertCan(doc, 'SetPos');
  const recipients = await deps.docs.listRecipients(docuId);
  const unknown = input.areas.find((a) => a.recipientIndex >= recipients.length);
  if (unknown) {
    throw new AppError('errors.validation', 'A sign area names a contractor that does not exist', {
      status: 400,
      details: { row: unknown.recipientIndex },
    });
  }
  const refused = input.areas.findIndex((a) => !roleHasFields(roleOf(recipients[a.recipientIndex]!)));
  if (refused >= 0) {
    const name = recipients[input.areas[refused]!.recipientIndex]!.name;
    throw new AppError('routing.errors.roleHasNoFields', 'Only signers have fields', {
      status: 400,
      details: { row: refused, name },
    });
  }
  const next = recipients.map((r) => ({
    ...r,
    areas: input.areas
      .map((a, row) => ({ a, row }))
      .filter(({ a }) => a.recipientIndex === r.index)
      .map(({ a, row }) => storedField(a, row, r.isOwner)),
  }));
  const check = validateSignAreas(
    next.map((r) => ({
      needsAreas: roleHasFields(roleOf(r)),
      signAreas: r.areas.map(({ pageIndex, x, y, width, height, signed }) => ({
        pageIndex,
        x,
        y,
        width,
        height,
        signed,
      })),
    })),
    doc.pages ?? [],
  );
  if (!check.ok) throw validationError(check, 'The sign areas are refused');
  await deps.docs.changeStatus(docuId, expected(doc), 'SetPos', {}, { putRecipients: next });
  return view(deps, docuId);
}
