// The gallery of starter forms (issue #27 item 5): GET /api/templates lists them (../gallery/list.ts)
// and POST /api/templates with `gallery` adds one to the
// caller's templates. The copy is an ordinary template of the caller's — the PDF stored under its own
// key, its roles and fields those of the PDF's form fields, read as an uploaded form's are (by the generator,
// which keeps them beside the PDF) — counted
// against the plan's allowance like any other, and then edited, used and shared like any other.
import { createHash } from 'node:crypto';
import type { CreateTemplateFromGalleryRequest, TemplateView } from '../../shared/api/schemas';
import type { TemplateRecord } from '../adapters/dynamo/templates';
import type { AuthUser } from '../core/http';
import { galleryEntry, readGalleryFields, readGalleryPdf } from '../gallery/catalog';
import { storedField } from './recipients';
import {
  assertRoom,
  newTemplateId,
  templateField,
  templateFileKey,
  templateNotFound,
  templateView,
  type TemplateDeps,
} from './templates';

/** POST /api/templates `{ gallery, title? }`: the starter form as a new template of the caller's. */
export async function addGalleryTemplate(
  deps: TemplateDeps,
  user: AuthUser,
  input: CreateTemplateFromGalleryRequest,
  now = new Date(),
): Promise<TemplateView> {
  const entry = galleryEntry(input.gallery);
  // Not one of the gallery's: the same 404 as a template nobody may see.
  if (!entry) throw templateNotFound(input.gallery);
  await assertRoom(deps, user, now);
  const bytes = readGalleryPdf(entry);
  const { pages, roles: read } = readGalleryFields(entry);
  // Each field checked by the rule Set Position uses, as a template edit's are.
  let row = 0;
  const roles = read.map((role) => ({
    name: role.name,
    fields: role.fields.map((f) =>
      templateField(storedField({ ...f, recipientIndex: 0 }, row++, false), true),
    ),
  }));
  const templateId = newTemplateId();
  const fileKey = templateFileKey(templateId);
  await deps.storage.put(fileKey, bytes, 'application/pdf');
  const at = now.toISOString();
  const record: TemplateRecord = {
    templateId,
    ownerId: user.sub,
    title: input.title ?? entry.title,
    originalFileName: entry.file,
    fileKey,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    pages: pages.map((p) => ({ width: p.width, height: p.height })),
    roles,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  if (!(await deps.templates.putTemplate(record))) throw new Error('template id collision');
  return templateView(deps, record, true, user.name);
}
