// The gallery of starter forms (issue #27 item 5) through the local gateway against the emulators:
// GET /api/templates lists the nine forms; POST /api/templates with `gallery` adds one to the caller's
// templates as an ordinary template (the PDF byte for byte, its roles in the form's language, its
// fields from the PDF's form fields), counted against the plan's limit with the same refusal; nobody
// else sees the copy; and using it makes a draft with the fields, ready for Finalize.
import { createHash } from 'node:crypto';
import { galleryEntry, readGalleryFields, readGalleryPdf } from '../../lambdas/gallery/catalog';
import { api } from '../support/cloud-client';
import { newOwner, type Owner } from '../support/documents';

type Res = Awaited<ReturnType<typeof api>>;
const errorOf = (res: Res) => ({
  status: res.status,
  code: res.body.error?.code,
  details: res.body.error?.details,
});
const call = (owner: Owner, method: string, path: string, body?: unknown) =>
  api(path, { method, token: owner.token, ...(body === undefined ? {} : { body }) });

const LEASE_JP = galleryEntry('lease-jp')!;
const leaseFields = readGalleryFields(LEASE_JP);

describe('the gallery of starter forms', () => {
  it('lists the forms, adds the Japanese lease as a template of its own and uses it', async () => {
    const owner = await newOwner('jp', '山田 太郎');
    const list = await call(owner, 'GET', '/api/templates');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ templates: [], used: 0, limit: 3 });
    const gallery = list.body.gallery as { galleryId: string; language: string }[];
    expect(gallery).toHaveLength(9);
    expect(gallery.find((g) => g.galleryId === 'lease-jp')).toEqual({
      galleryId: 'lease-jp',
      title: '住宅賃貸借契約書',
      language: 'jp',
      form: 'lease',
      roles: ['貸主', '借主'],
      fieldCount: leaseFields.roles.reduce((n, r) => n + r.fields.length, 0),
      pageCount: 2,
    });
    expect(new Set(gallery.map((g) => g.language))).toEqual(new Set(['en', 'jp', 'ko']));

    const added = await call(owner, 'POST', '/api/templates', { gallery: 'lease-jp' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      title: '住宅賃貸借契約書',
      roles: ['貸主', '借主'],
      mine: true,
      pageCount: 2,
      originalFileName: 'lease-jp.pdf',
    });
    const templateId = added.body.templateId as string;
    const fields = added.body.fields as {
      roleIndex: number;
      type: string;
      label?: string;
      options?: string[];
    }[];
    expect(fields).toHaveLength(added.body.fieldCount as number);
    expect(fields.filter((f) => f.type === 'signature').map((f) => f.roleIndex)).toEqual([0, 1]);
    expect(fields.find((f) => f.label === '貸主：契約期間')).toMatchObject({
      roleIndex: 0,
      type: 'dropdown',
      options: ['6か月', '1年', '2年'],
    });
    expect(fields.find((f) => f.label === '借主 氏名')).toMatchObject({
      roleIndex: 1,
      type: 'text',
      required: true,
    });
    expect(fields.some((f) => f.type === 'checkbox')).toBe(true);
    // The template's PDF is the gallery's, byte for byte.
    const pdf = new Uint8Array(await (await fetch(added.body.fileUrl as string)).arrayBuffer());
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    expect(sha(pdf)).toBe(sha(readGalleryPdf(LEASE_JP)));
    expect(added.body.sha256).toBe(sha(pdf));

    // It is the owner's like any template: listed, renamed, counted.
    const after = await call(owner, 'GET', '/api/templates');
    expect(after.body).toMatchObject({ used: 1 });
    expect(after.body.templates.map((t: { templateId: string }) => t.templateId)).toEqual([templateId]);
    const renamed = await call(owner, 'PATCH', `/api/templates/${templateId}`, {
      title: '賃貸借契約（A棟）',
    });
    expect(renamed.body).toMatchObject({ title: '賃貸借契約（A棟）', fieldCount: fields.length });

    // Used with two people, with the rent pre-filled by its label: a draft with every field.
    const used = await call(owner, 'POST', `/api/templates/${templateId}/use`, {
      recipients: [
        { name: '佐藤 花子', contact: 'hanako@example.com' },
        { name: '鈴木 一郎', contact: 'ichiro@example.com' },
      ],
      values: { '貸主：月額賃料': '85,000円' },
      lang: 'jp',
    });
    expect(used.status).toBe(201);
    const made = used.body.recipients as {
      name: string;
      areas: { type: string; label?: string; value?: string }[];
    }[];
    expect(made.map((r) => r.name)).toEqual(['佐藤 花子', '鈴木 一郎']);
    expect(made.map((r) => r.areas.length)).toEqual(leaseFields.roles.map((r) => r.fields.length));
    expect(made[0]!.areas.find((a) => a.label === '貸主：月額賃料')).toMatchObject({ value: '85,000円' });
    expect(used.body.title).toBe('賃貸借契約（A棟）');
  });

  it('refuses past the plan’s limit and an unknown form; the copy is nobody else’s', async () => {
    const owner = await newOwner();
    const ids: string[] = [];
    for (const gallery of ['lease-en', 'purchase-ko', 'disclosure-en']) {
      const res = await call(owner, 'POST', '/api/templates', { gallery, title: `My ${gallery}` });
      expect(res.status).toBe(201);
      expect(res.body.title).toBe(`My ${gallery}`);
      ids.push(res.body.templateId as string);
    }
    expect(errorOf(await call(owner, 'POST', '/api/templates', { gallery: 'lease-jp' }))).toEqual({
      status: 403,
      code: 'templates.errors.limit',
      details: { max: 3 },
    });
    expect((await call(owner, 'GET', '/api/templates')).body).toMatchObject({ used: 3 });

    const stranger = await newOwner();
    expect(errorOf(await call(stranger, 'POST', '/api/templates', { gallery: 'lease-xx' }))).toMatchObject({
      status: 404,
      code: 'templates.errors.notFound',
    });
    expect((await call(stranger, 'POST', '/api/templates', { gallery: '' })).status).toBe(400);
    for (const id of ids) {
      expect(errorOf(await call(stranger, 'GET', `/api/templates/${id}`))).toMatchObject({
        status: 404,
        code: 'templates.errors.notFound',
      });
    }
    const theirs = await call(stranger, 'GET', '/api/templates');
    expect(theirs.body).toMatchObject({ templates: [], used: 0 });
    expect(theirs.body.gallery).toHaveLength(9);
  });
});
