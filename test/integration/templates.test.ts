// Templates (issue #27 item 3) through the local gateway against the emulators: an owner saves a
// document with roles and fields as a template, lists, renames, edits, duplicates and deletes it, and
// starts contracts from it (copy on use: a later edit changes no contract made from it). The plan's
// limit is refused with its own message; another owner's template is the one 404 on every route; a
// Standard plan's members use (never edit) the buyer's templates, and lose them once removed.
import { randomUUID } from 'node:crypto';
import { documentDeps, getDeps } from '../../lambdas/deps';
import { signUpConfirmed } from '../support/accounts';
import { api } from '../support/cloud-client';
import { newOwner, PASSWORD, type Owner } from '../support/documents';
import { twoContractorDraft } from '../support/templates';

type Res = Awaited<ReturnType<typeof api>>;
const errorOf = (res: Res) => ({
  status: res.status,
  code: res.body.error?.code,
  details: res.body.error?.details,
});

const FIELDS = [
  { recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 },
  {
    recipientIndex: 0,
    pageIndex: 0,
    x: 50,
    y: 200,
    width: 200,
    height: 24,
    type: 'text',
    label: 'Address',
    required: true,
  },
  { recipientIndex: 1, pageIndex: 0, x: 300, y: 60, width: 120, height: 40, type: 'initials' },
  {
    recipientIndex: 1,
    pageIndex: 0,
    x: 300,
    y: 200,
    width: 150,
    height: 24,
    type: 'dropdown',
    label: 'Parking',
    options: ['None', 'One space'],
    value: 'None',
  },
];

const call = (owner: Owner, method: string, path: string, body?: unknown) =>
  api(path, { method, token: owner.token, ...(body === undefined ? {} : { body }) });

describe('templates', () => {
  it('saves, lists, renames, edits, duplicates, uses and deletes, and a use is a copy', async () => {
    const owner = await newOwner();
    const docuId = await twoContractorDraft(owner, FIELDS);
    const created = await call(owner, 'POST', '/api/templates', {
      docuId,
      title: 'Lease',
      roleNames: ['Buyer', 'Seller'],
    });
    expect(created.status).toBe(201);
    const templateId = created.body.templateId as string;
    expect(created.body).toMatchObject({
      title: 'Lease',
      roles: ['Buyer', 'Seller'],
      fieldCount: 4,
      mine: true,
    });
    const fields = created.body.fields as Record<string, unknown>[];
    expect(fields.map((f) => [f.roleIndex, f.type, f.label ?? null])).toEqual([
      [0, 'signature', null],
      [0, 'text', 'Address'],
      [1, 'initials', null],
      [1, 'dropdown', 'Parking'],
    ]);
    expect(fields[3]).toMatchObject({ options: ['None', 'One space'], value: 'None', required: false });
    const pdf = await fetch(created.body.fileUrl as string);
    expect(pdf.status).toBe(200);

    const list = await call(owner, 'GET', '/api/templates');
    expect(list.body).toMatchObject({ limit: 3, used: 1, shared: [] });
    expect(list.body.templates.map((t: { title: string }) => t.title)).toEqual(['Lease']);

    // Bad input loses nothing: the field refused names its row, the template is unchanged.
    const bad = await call(owner, 'PATCH', `/api/templates/${templateId}`, {
      roles: [
        {
          name: 'Buyer',
          fields: [{ pageIndex: 0, x: 1, y: 1, width: 50, height: 20, type: 'radio', options: ['Only'] }],
        },
      ],
    });
    expect(errorOf(bad)).toMatchObject({
      status: 400,
      code: 'fields.errors.badOptions',
      details: { row: 0 },
    });
    expect(created.body.version).toBe(1);
    const renamed = await call(owner, 'PATCH', `/api/templates/${templateId}`, {
      title: 'Residential lease',
    });
    expect(renamed.body).toMatchObject({ title: 'Residential lease', fieldCount: 4, version: 2 });

    // An edit made on version 1 (the editor opened before the rename) is refused, not overwritten;
    // made again on the version it now reads, it is saved.
    const edit = {
      roles: [
        {
          name: 'Tenant',
          fields: [{ pageIndex: 0, x: 40, y: 50, width: 150, height: 35, type: 'signature' }],
        },
        { name: 'Landlord', fields: [] },
      ],
    };
    const stale = await call(owner, 'PATCH', `/api/templates/${templateId}`, { ...edit, version: 1 });
    expect(errorOf(stale)).toEqual({
      status: 409,
      code: 'templates.errors.changed',
      details: { templateId },
    });
    expect((await call(owner, 'GET', `/api/templates/${templateId}`)).body).toMatchObject({
      roles: ['Buyer', 'Seller'],
      fieldCount: 4,
      version: 2,
    });
    const edited = await call(owner, 'PATCH', `/api/templates/${templateId}`, { ...edit, version: 2 });
    expect(edited.body).toMatchObject({ roles: ['Tenant', 'Landlord'], fieldCount: 1, version: 3 });
    // Back to the four fields the rest of this test uses (no version: the last save wins).
    const restored = await call(owner, 'PATCH', `/api/templates/${templateId}`, {
      roles: [
        { name: 'Buyer', fields: fields.filter((f) => f.roleIndex === 0).map(({ roleIndex: _, ...f }) => f) },
        {
          name: 'Seller',
          fields: fields.filter((f) => f.roleIndex === 1).map(({ roleIndex: _, ...f }) => f),
        },
      ],
    });
    expect(restored.body).toMatchObject({ roles: ['Buyer', 'Seller'], fieldCount: 4, version: 4 });
    expect(restored.body.fields).toEqual(fields);

    // Use: one person per role; a value by its field's label; the draft is ready for Finalize.
    const wrong = await call(owner, 'POST', `/api/templates/${templateId}/use`, {
      recipients: [{ name: 'Only One', contact: 'one@example.com' }],
      lang: 'en',
    });
    expect(errorOf(wrong)).toEqual({
      status: 400,
      code: 'templates.errors.roleCount',
      details: { roles: 2 },
    });
    const unknown = await call(owner, 'POST', `/api/templates/${templateId}/use`, {
      recipients: [
        { name: 'Ann', contact: 'ann@example.com' },
        { name: 'Ben', contact: 'ben@example.com' },
      ],
      values: { Nope: 'x' },
      lang: 'en',
    });
    expect(errorOf(unknown)).toMatchObject({ status: 400, code: 'templates.errors.unknownField' });
    const used = await call(owner, 'POST', `/api/templates/${templateId}/use`, {
      recipients: [
        { name: 'Ann Anders', contact: 'ann@example.com' },
        { name: 'Ben Berg', contact: 'ben@example.com' },
      ],
      values: { Address: '1-2-3 Shibuya, Tokyo', Parking: 'One space' },
      lang: 'en',
    });
    expect(used.status).toBe(201);
    expect(used.body).toMatchObject({
      status: 'SetPos',
      title: 'Residential lease',
      originalFileName: 'lease.pdf',
    });
    expect(used.body.sha256).toBe(created.body.sha256);
    const made = used.body.recipients as { name: string; areas: Record<string, unknown>[] }[];
    expect(made.map((r) => r.name)).toEqual(['Ann Anders', 'Ben Berg']);
    expect(made[0]!.areas[1]).toMatchObject({
      type: 'text',
      label: 'Address',
      value: '1-2-3 Shibuya, Tokyo',
    });
    expect(made[1]!.areas[1]).toMatchObject({ type: 'dropdown', value: 'One space' });

    // The owner as one of the people signs at sending: a required text field of theirs needs a value.
    // Refused before anything is made — no half-made draft is left behind.
    const ownerId = (await call(owner, 'GET', '/api/me')).body.userId as string;
    const draftsBefore = (await documentDeps().docs.latestDrafts(ownerId, 50)).length;
    const ownRole = await call(owner, 'POST', `/api/templates/${templateId}/use`, {
      recipients: [
        { name: 'Me Myself', contact: owner.email },
        { name: 'Ben Berg', contact: 'ben@example.com' },
      ],
      lang: 'en',
    });
    expect(errorOf(ownRole)).toMatchObject({ status: 400, code: 'fields.errors.ownerMustPrefill' });
    expect((await documentDeps().docs.latestDrafts(ownerId, 50)).length).toBe(draftsBefore);

    // Copy on use: editing and deleting the template leaves the contract as it was made.
    await call(owner, 'PATCH', `/api/templates/${templateId}`, {
      roles: [
        { name: 'Buyer', fields: [] },
        { name: 'Seller', fields: [] },
      ],
    });
    const copy = await call(owner, 'POST', `/api/templates/${templateId}/duplicate`, {
      title: 'Copy of lease',
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ title: 'Copy of lease', fieldCount: 0, roles: ['Buyer', 'Seller'] });
    expect((await call(owner, 'DELETE', `/api/templates/${templateId}`)).body).toEqual({ deleted: true });
    const after = await call(owner, 'GET', `/api/documents/${used.body.docuId as string}`);
    expect(after.body.recipients[0].areas).toHaveLength(2);
    expect((await fetch(after.body.fileUrl as string)).status).toBe(200);
    expect(errorOf(await call(owner, 'GET', `/api/templates/${templateId}`)).status).toBe(404);
  });

  it('refuses past the plan’s limit, and is one 404 for anyone else', async () => {
    const owner = await newOwner();
    const docuId = await twoContractorDraft(owner, FIELDS);
    const make = (title: string) => call(owner, 'POST', '/api/templates', { docuId, title });
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const res = await make(title);
      expect(res.status).toBe(201);
      expect(res.body.roles).toEqual(['Contractor 1', 'Contractor 2']);
      ids.push(res.body.templateId as string);
    }
    expect(errorOf(await make('Four'))).toEqual({
      status: 403,
      code: 'templates.errors.limit',
      details: { max: 3 },
    });
    expect(
      errorOf(await call(owner, 'POST', `/api/templates/${ids[0]!}/duplicate`, { title: 'x' })),
    ).toMatchObject({
      status: 403,
      code: 'templates.errors.limit',
    });

    const stranger = await newOwner();
    const id = ids[0]!;
    const tries = [
      call(stranger, 'GET', `/api/templates/${id}`),
      call(stranger, 'PATCH', `/api/templates/${id}`, { title: 'Mine now' }),
      call(stranger, 'DELETE', `/api/templates/${id}`),
      call(stranger, 'POST', `/api/templates/${id}/duplicate`, { title: 'x' }),
      call(stranger, 'POST', `/api/templates/${id}/use`, {
        recipients: [
          { name: 'A', contact: 'a@example.com' },
          { name: 'B', contact: 'b@example.com' },
        ],
        lang: 'en',
      }),
      call(stranger, 'GET', '/api/templates/nope'),
    ];
    for (const res of await Promise.all(tries))
      expect(errorOf(res)).toMatchObject({ status: 404, code: 'templates.errors.notFound' });
    // Nor may the stranger make a template of the owner's document.
    expect((await call(stranger, 'POST', '/api/templates', { docuId, title: 'x' })).status).toBe(404);
    expect((await call(owner, 'GET', `/api/templates/${id}`)).body.title).toBe('One');
  });

  it('shares a Standard buyer’s templates with members, to use and never to edit, until removed', async () => {
    const buyer = await newOwner('en', 'Company Buyer');
    const buyerId = (await call(buyer, 'GET', '/api/me')).body.userId as string;
    await getDeps().repo.update(buyerId, {
      plan: 'month_standard',
      seats: 2,
      validDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      subscriptionStatus: 'active',
    });
    const email = `member-${randomUUID()}@example.com`;
    expect((await call(buyer, 'PUT', '/api/billing/members', { members: [email] })).status).toBe(200);
    const signed = await signUpConfirmed(email, { name: 'Mia Member', password: PASSWORD });
    const member: Owner = { token: signed.token, email, name: signed.name };

    const docuId = await twoContractorDraft(buyer, FIELDS);
    const created = await call(buyer, 'POST', '/api/templates', { docuId, title: 'Company NDA' });
    const id = created.body.templateId as string;
    expect((await call(buyer, 'GET', '/api/templates')).body).toMatchObject({ limit: 200, used: 1 });

    const seen = await call(member, 'GET', '/api/templates');
    expect(seen.body.templates).toEqual([]);
    expect(seen.body.shared).toEqual([
      expect.objectContaining({ templateId: id, mine: false, ownerName: 'Company Buyer' }),
    ]);
    expect((await call(member, 'GET', `/api/templates/${id}`)).body).toMatchObject({
      title: 'Company NDA',
      mine: false,
    });
    const used = await call(member, 'POST', `/api/templates/${id}/use`, {
      recipients: [
        { name: 'Ann', contact: 'ann@example.com' },
        { name: 'Ben', contact: 'ben@example.com' },
      ],
      lang: 'en',
    });
    expect(used.status).toBe(201);
    expect(errorOf(await call(member, 'PATCH', `/api/templates/${id}`, { title: 'x' })).status).toBe(404);
    expect(errorOf(await call(member, 'DELETE', `/api/templates/${id}`)).status).toBe(404);

    // Removed from the company: the shared templates are gone at once.
    expect((await call(buyer, 'PUT', '/api/billing/members', { members: [] })).status).toBe(200);
    expect((await call(member, 'GET', '/api/templates')).body.shared).toEqual([]);
    expect(errorOf(await call(member, 'GET', `/api/templates/${id}`))).toMatchObject({
      status: 404,
      code: 'templates.errors.notFound',
    });
  });
});
