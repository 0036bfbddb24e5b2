// Templates (issue #27 item 3, architecture §19): an owner saves a document's PDF, its contractors as
// roles ("Buyer", "Seller") and their fields as a template; lists, renames, edits, duplicates and
// deletes them; and starts contracts from them (./template-use.ts). A template keeps a PDF of its own
// (`templates/{templateId}/…`), so deleting the document — or the template — never touches the other.
// Standard plans share the buyer's templates with the company's seat members, read through the
// membership at each call (never copied): a member removed from the company loses them at once.
// Members may use a shared template; only its owner edits it. Any other id is the one 404.
import { randomBytes, randomUUID } from 'node:crypto';
import type {
  CreateTemplateRequest,
  TemplateList,
  TemplateSummary,
  TemplateView,
  UpdateTemplateRequest,
} from '../../shared/api/schemas';
import { fieldTypeOf, isRequired } from '../../shared/domain/fields';
import { isDraft } from '../../shared/domain/status';
import { TEMPLATE_LIMITS, templateTier } from '../../shared/domain/templates';
import type { TemplateRecord, TemplateStore } from '../adapters/dynamo/templates';
import type { SeatMemberStore } from '../adapters/dynamo/repository';
import { AppError } from '../core/errors';
import type { LargeObjects, ObjectStorage } from '../ports';
import type { AuthUser } from '../core/http';
import { FILE_URL_SECONDS, ownDocument, validationError, type DocumentDeps } from './document-access';
import { storedField } from './recipients';
import { galleryForms } from '../gallery/list';
import { companyBuyerOf } from './seats';

export interface TemplateDeps extends DocumentDeps {
  /** PDFs are copied by the store itself (template ← document → contract). */
  readonly storage: ObjectStorage & LargeObjects;
  readonly templates: TemplateStore;
  readonly seats: SeatMemberStore;
}

export type StoredField = TemplateRecord['roles'][number]['fields'] extends (infer F)[] | undefined
  ? F
  : never;

export function templateNotFound(templateId: string): AppError {
  return new AppError('templates.errors.notFound', `No template ${templateId}`, {
    status: 404,
    details: { templateId },
  });
}

async function userOf(deps: TemplateDeps, user: AuthUser) {
  const record = await deps.users.getById(user.sub);
  if (!record) throw new AppError('errors.unauthorized', 'Sign-in required');
  return record;
}

/** The plan's allowance, and how many the owner keeps. */
async function allowance(deps: TemplateDeps, user: AuthUser, now: Date) {
  const record = await userOf(deps, user);
  const limit = TEMPLATE_LIMITS[templateTier(record, now)];
  const own = await deps.templates.listTemplates(user.sub);
  return { record, limit, own };
}

export async function assertRoom(deps: TemplateDeps, user: AuthUser, now: Date): Promise<void> {
  const { limit, own } = await allowance(deps, user, now);
  if (own.length >= limit) {
    throw new AppError('templates.errors.limit', `At most ${limit} templates on this plan`, {
      status: 403,
      details: { max: limit },
    });
  }
}

/**
 * The template, if the caller may `use` it (their own, or their company buyer's) or `edit` it (their
 * own only). Anything else — missing, another owner's, a removed member's — is the same 404.
 */
export async function accessTemplate(
  deps: TemplateDeps,
  user: AuthUser,
  templateId: string,
  mode: 'use' | 'edit',
  now = new Date(),
): Promise<{ template: TemplateRecord; ownerName: string }> {
  const template = await deps.templates.getTemplate(templateId);
  if (!template) throw templateNotFound(templateId);
  if (template.ownerId === user.sub) return { template, ownerName: user.name };
  if (mode === 'use') {
    const buyer = await companyBuyerOf(deps, await userOf(deps, user), now);
    if (buyer && buyer.userId === template.ownerId) return { template, ownerName: buyer.name };
  }
  throw templateNotFound(templateId);
}

function summaryOf(t: TemplateRecord, mine: boolean, ownerName: string): TemplateSummary {
  return {
    templateId: t.templateId,
    title: t.title,
    roles: t.roles.map((r) => r.name),
    fieldCount: t.roles.reduce((n, r) => n + (r.fields?.length ?? 0), 0),
    pageCount: t.pages.length,
    mine,
    ownerName,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    version: t.version,
  };
}

export async function listTemplates(
  deps: TemplateDeps,
  user: AuthUser,
  now = new Date(),
): Promise<TemplateList> {
  const { record, limit, own } = await allowance(deps, user, now);
  const buyer = await companyBuyerOf(deps, record, now);
  const shared = buyer ? await deps.templates.listTemplates(buyer.userId) : [];
  return {
    templates: own.map((t) => summaryOf(t, true, record.name)),
    shared: shared.map((t) => summaryOf(t, false, buyer?.name ?? '')),
    limit,
    used: own.length,
    gallery: galleryForms(),
  };
}

export async function getTemplate(
  deps: TemplateDeps,
  user: AuthUser,
  templateId: string,
): Promise<TemplateView> {
  const { template, ownerName } = await accessTemplate(deps, user, templateId, 'use');
  return templateView(deps, template, template.ownerId === user.sub, ownerName);
}

/** A template as its page shows it: the summary, the PDF's facts and a short-lived URL, every field. */
export async function templateView(
  deps: TemplateDeps,
  t: TemplateRecord,
  mine: boolean,
  ownerName: string,
): Promise<TemplateView> {
  return {
    ...summaryOf(t, mine, ownerName),
    originalFileName: t.originalFileName,
    sha256: t.sha256,
    sizeBytes: t.sizeBytes,
    pages: t.pages.map((p) => ({ width: p.width, height: p.height })),
    fileUrl: await deps.storage.presignDownload(t.fileKey, { expiresSeconds: FILE_URL_SECONDS }),
    fields: t.roles.flatMap((role, roleIndex) =>
      (role.fields ?? []).map((f) => ({ roleIndex, ...fieldInput(f) })),
    ),
  };
}

/**
 * A stored field's place and settings, as Set Position sends them (`PUT …/areas`), without anything a
 * contractor gave (sign, file, when); its pre-filled value only with `keepValue`.
 */
export function fieldInput(f: StoredField, keepValue = true) {
  return {
    pageIndex: f.pageIndex,
    x: f.x,
    y: f.y,
    width: f.width,
    height: f.height,
    type: fieldTypeOf(f),
    required: isRequired(f),
    ...(f.label === undefined ? {} : { label: f.label }),
    ...(f.placeholder === undefined ? {} : { placeholder: f.placeholder }),
    ...(f.multiline === undefined ? {} : { multiline: f.multiline }),
    ...(f.maxLength === undefined ? {} : { maxLength: f.maxLength }),
    ...(f.options === undefined ? {} : { options: [...f.options] }),
    ...(keepValue && f.value !== undefined && f.value !== '' ? { value: f.value } : {}),
  };
}

/** A field as a template keeps it: place and settings; `signed` false (it is nobody's yet). */
export function templateField(f: StoredField, keepValue: boolean): StoredField {
  return { ...fieldInput(f, keepValue), signed: false };
}

export function newTemplateId(): string {
  return randomUUID().replace(/-/g, '');
}

/** Where a template's PDF is kept: under its id, a name nobody can guess. */
export function templateFileKey(templateId: string): string {
  return `templates/${templateId}/${randomBytes(16).toString('hex')}.pdf`;
}

async function copyPdf(deps: TemplateDeps, from: string, templateId: string, ifMatch?: string) {
  const key = templateFileKey(templateId);
  await deps.storage.copy(from, key, { contentType: 'application/pdf', ...(ifMatch ? { ifMatch } : {}) });
  return key;
}

/** POST /api/templates: from a document of the owner's (a draft in the funnel, or a sent contract). */
export async function createTemplate(
  deps: TemplateDeps,
  user: AuthUser,
  input: CreateTemplateRequest,
  now = new Date(),
): Promise<TemplateView> {
  const doc = await ownDocument(deps, user, input.docuId);
  if (doc.kind === 'vcontract' || !doc.fileKey || !doc.sha256 || !doc.sizeBytes) {
    throw new AppError('templates.errors.noDocument', 'Only a contract with a PDF can be a template', {
      status: 400,
    });
  }
  const recipients = await deps.docs.listRecipients(input.docuId);
  const names = input.roleNames ?? recipients.map((_, i) => `Contractor ${i + 1}`);
  if (recipients.length === 0 || names.length !== recipients.length) {
    throw new AppError('templates.errors.roleCount', 'Name one role per contractor', {
      status: 400,
      details: { roles: recipients.length },
    });
  }
  await assertRoom(deps, user, now);
  const templateId = newTemplateId();
  // The file accepted at upload, no other: the copy is conditional on its entity tag.
  const fileKey = await copyPdf(deps, doc.fileKey, templateId, doc.fileEtag ?? undefined);
  // A draft's values are the owner's pre-fills; a sent contract's may be a contractor's: not kept.
  const keepValues = isDraft(doc.status);
  const at = now.toISOString();
  const record: TemplateRecord = {
    templateId,
    ownerId: user.sub,
    title: input.title,
    originalFileName: doc.originalFileName ?? 'document.pdf',
    fileKey,
    sizeBytes: doc.sizeBytes,
    sha256: doc.sha256,
    pages: (doc.pages ?? []).map((p) => ({ width: p.width, height: p.height })),
    roles: recipients.map((r, i) => ({
      name: names[i]!,
      fields: (r.areas ?? []).map((a) => templateField(a, keepValues)),
    })),
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  if (!(await deps.templates.putTemplate(record))) throw new Error('template id collision');
  return templateView(deps, record, true, user.name);
}

/**
 * The roles' fields as a template keeps them: each on its page and its settings checked by the rule
 * Set Position uses (`storedField`; `row` counts fields across roles), nobody's yet.
 */
function templateRoles(t: Pick<TemplateRecord, 'pages'>, roles: NonNullable<UpdateTemplateRequest['roles']>) {
  let row = 0;
  return roles.map((role) => ({
    name: role.name,
    fields: role.fields.map((f) => {
      const page = t.pages[f.pageIndex];
      const onPage =
        page && f.x >= 0 && f.y >= 0 && f.x + f.width <= page.width && f.y + f.height <= page.height;
      if (!onPage)
        throw validationError({ ok: false, error: 'signAreas.errors.outsidePage', row }, 'Off the page');
      return templateField(storedField({ ...f, recipientIndex: 0 }, row++, false), true);
    }),
  }));
}

function templateChanged(templateId: string): AppError {
  return new AppError('templates.errors.changed', `Template ${templateId} changed meanwhile`, {
    status: 409,
    details: { templateId },
  });
}

/**
 * PATCH /api/templates/{templateId}: the owner renames it or edits its roles and fields. With
 * `version` (the editor's), a save made since — in another tab, by a rename — is refused rather than
 * overwritten; the editor keeps its edits and may save again on the newer version.
 */
export async function updateTemplate(
  deps: TemplateDeps,
  user: AuthUser,
  templateId: string,
  input: UpdateTemplateRequest,
  now = new Date(),
): Promise<TemplateView> {
  const { template: t } = await accessTemplate(deps, user, templateId, 'edit');
  if (input.version !== undefined && input.version !== t.version) throw templateChanged(templateId);
  const next: TemplateRecord = {
    ...t,
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.roles === undefined ? {} : { roles: templateRoles(t, input.roles) }),
    updatedAt: now.toISOString(),
    version: t.version + 1,
  };
  if (!(await deps.templates.replaceTemplate(next, t.version))) {
    throw templateChanged(templateId);
  }
  return templateView(deps, next, true, user.name);
}

/** POST /api/templates/{templateId}/duplicate: a copy under the given name (the SPA's "Copy of …"). */
export async function duplicateTemplate(
  deps: TemplateDeps,
  user: AuthUser,
  templateId: string,
  input: { title: string },
  now = new Date(),
): Promise<TemplateView> {
  const { template: t } = await accessTemplate(deps, user, templateId, 'edit');
  await assertRoom(deps, user, now);
  const copyId = newTemplateId();
  const fileKey = await copyPdf(deps, t.fileKey, copyId);
  const at = now.toISOString();
  const copy: TemplateRecord = {
    ...t,
    templateId: copyId,
    title: input.title,
    fileKey,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  if (!(await deps.templates.putTemplate(copy))) throw new Error('template id collision');
  return templateView(deps, copy, true, user.name);
}

/** DELETE /api/templates/{templateId}: the template and its PDF (contracts made from it keep theirs). */
export async function deleteTemplate(
  deps: TemplateDeps,
  user: AuthUser,
  templateId: string,
): Promise<{ deleted: true }> {
  const { template: t } = await accessTemplate(deps, user, templateId, 'edit');
  await deps.templates.deleteTemplate(templateId);
  await deps.storage.deleteMany([t.fileKey]);
  return { deleted: true };
}
