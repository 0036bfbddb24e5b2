// Issue #29 item 2: branding on the running local cloud (DynamoDB Local, the S3 emulator, the real
// handlers, seal worker and mailbox). A logo is checked and re-encoded, stored under the SHA-256 of
// its bytes and served publicly; a sent contract keeps the brand it was sent under (the company
// buyer's for a member); the signer view, the request e-mail and the sealed PDF's first audit page
// carry it; a plan without branding is refused; Remove restores SignSeal's.
import { createHash, randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFDict, PDFRawStream, PDFNumber } from 'pdf-lib';
import { PNG } from 'pngjs';
import { getDeps, documentDeps } from '../../lambdas/deps';
import type { DocumentRecord } from '../../lambdas/adapters/dynamo/documents';
import { signUpConfirmed } from '../support/accounts';
import { api, env, eventually, mailbox } from '../support/cloud-client';
import { mailsTo, newOwner, PASSWORD, readyToSend, signerLinkTo, type Owner } from '../support/documents';
import { makePng } from '../support/png';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const errorOf = (res: { status: number; body: { error?: { code: string } } }) => ({
  status: res.status,
  code: res.body.error?.code,
});

/** An opaque logo with four coloured quadrants (so any scaling or mangling shows in the pixels). */
function logoPng(width = 160, height = 64): Uint8Array {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      png.data[p] = x < width / 2 ? 190 : 20;
      png.data[p + 1] = y < height / 2 ? 30 : 160;
      png.data[p + 2] = (x * 255) / width;
      png.data[p + 3] = 255;
    }
  }
  return new Uint8Array(PNG.sync.write(png));
}

const rgbOf = (png: Uint8Array): Buffer => {
  const d = PNG.sync.read(Buffer.from(png));
  const out = Buffer.alloc(d.width * d.height * 3);
  for (let i = 0; i < d.width * d.height; i++) d.data.copy(out, i * 3, i * 4, i * 4 + 3);
  return out;
};

async function userId(owner: Owner): Promise<string> {
  const me = await api('/api/me', { token: owner.token });
  expect(me.status).toBe(200);
  return me.body.userId as string;
}

const saveBrand = (owner: Owner, body: unknown) =>
  api('/api/me/brand', { method: 'PUT', token: owner.token, body });
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A contract to one e-mail contractor, sent; answers the document id and the contractor's address. */
async function sendOne(owner: Owner): Promise<{ docuId: string; contact: string }> {
  const ready = await readyToSend(owner, {
    title: 'Branded agreement',
    name: 'Brand Signer',
    contactPrefix: 'brand-signer',
  });
  const sent = await api(`/api/documents/${ready.docuId}/send`, {
    method: 'POST',
    token: owner.token,
    body: { lang: 'en' },
  });
  expect(sent.status).toBe(200);
  return ready;
}

const readDoc = (docuId: string): Promise<DocumentRecord | null> => documentDeps().docs.getDocument(docuId);

describe('branding', () => {
  let owner: Owner;
  const logo = logoPng();
  const color = '#8a1538';

  beforeAll(async () => {
    owner = await newOwner('en', 'Brand Owner Inc');
  });

  it('a trial owner may brand: none yet, then refused colours and files each with their message', async () => {
    const got = await api('/api/me/brand', { token: owner.token });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ role: 'owner', allowed: true, brand: null, applied: false });

    expect(errorOf(await saveBrand(owner, { color: 'blue' }))).toEqual({
      status: 400,
      code: 'brand.errors.badColor',
    });
    expect(errorOf(await saveBrand(owner, { color: '#ffcc00' }))).toEqual({
      status: 400,
      code: 'brand.errors.lowContrast',
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"/>').toString(
      'base64',
    );
    expect(errorOf(await saveBrand(owner, { color, logo: svg }))).toEqual({
      status: 400,
      code: 'brand.errors.notImage',
    });
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64');
    expect(errorOf(await saveBrand(owner, { color, logo: gif }))).toEqual({
      status: 400,
      code: 'brand.errors.notImage',
    });
    expect(errorOf(await saveBrand(owner, { color, logo: b64(logo.subarray(0, 60)) }))).toEqual({
      status: 400,
      code: 'brand.errors.corrupt',
    });
    expect(errorOf(await saveBrand(owner, { color, logo: b64(makePng(8, 8)) }))).toEqual({
      status: 400,
      code: 'brand.errors.dimensions',
    });
    const big = new Uint8Array(300 * 1024);
    big.set(logo);
    expect(errorOf(await saveBrand(owner, { color, logo: b64(big) }))).toEqual({
      status: 400,
      code: 'brand.errors.tooLarge',
    });
    expect((await api('/api/me/brand', { token: owner.token })).body.brand).toBeNull();
  });

  it('stores the logo content-addressed and serves it publicly with a long cache', async () => {
    const saved = await saveBrand(owner, { color: '#8A1538', logo: `data:image/png;base64,${b64(logo)}` });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      applied: true,
      brand: { color, name: 'Brand Owner Inc', logoWidth: 160, logoHeight: 64 },
    });
    const path = saved.body.brand.logoPath as string;
    const [, hash] = /^\/api\/brand\/logos\/([0-9a-f]{64})\.png$/.exec(path)!;
    const stored = await documentDeps().storage.getBytes(`brands/${hash}.png`);
    expect(sha256(stored)).toBe(hash);

    const res = await fetch(env('TEST_APP_URL') + path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    const served = new Uint8Array(await res.arrayBuffer());
    expect(sha256(served)).toBe(hash);
    expect(rgbOf(served).equals(rgbOf(logo))).toBe(true);

    expect((await fetch(`${env('TEST_APP_URL')}/api/brand/logos/${'0'.repeat(64)}.png`)).status).toBe(404);
    expect((await fetch(`${env('TEST_APP_URL')}/api/brand/logos/..%2F..%2Fdocuments.png`)).status).toBe(404);
    // Saving the colour alone keeps the logo.
    const again = await saveBrand(owner, { color });
    expect(again.body.brand.logoPath).toBe(path);
  });

  it('a sent contract carries the brand: the signer view, the request e-mail, and the sealed first audit page', async () => {
    const { docuId, contact } = await sendOne(owner);
    const doc = (await readDoc(docuId))!;
    expect(doc.brand).toMatchObject({ color, name: 'Brand Owner Inc' });
    const logoPath = `/api/brand/logos/${doc.brand!.logoSha256}.png`;

    const { token } = await signerLinkTo(contact);
    const view = await api(`/api/sign/${docuId}/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.brand).toEqual({ logoPath, color, name: 'Brand Owner Inc' });

    const request = mailsTo(await mailbox(), contact).find((m) => /outsign/.test(m.body.text ?? ''))!;
    expect(request.body.html).toContain(`src="${env('TEST_APP_URL').replace(/\/+$/, '')}${logoPath}"`);
    expect(request.body.html).toContain('alt="Brand Owner Inc"');
    expect(request.body.html).toContain(`border-bottom:4px solid ${color}`);
    expect(request.body.text!.startsWith('Brand Owner Inc\n')).toBe(true);

    // A change now does not alter the contract in flight.
    expect((await saveBrand(owner, { color: '#1b5e20' })).status).toBe(200);
    expect((await readDoc(docuId))!.brand!.color).toBe(color);

    // The contractor signs: the seal embeds the logo at the top of the first audit page.
    const sign = await api(`/api/sign/${docuId}/${token}/signs`, {
      method: 'POST',
      body: { image: b64(makePng(120, 48)) },
    });
    expect(sign.status).toBe(201);
    const areas = await api(`/api/sign/${docuId}/${token}/areas`, {
      method: 'PUT',
      body: { signs: [{ areaIndex: 0, signId: sign.body.signId }] },
    });
    expect(areas.status).toBe(200);
    expect(
      (await api(`/api/sign/${docuId}/${token}/agree`, { method: 'POST', body: { lang: 'en' } })).status,
    ).toBe(200);
    const sealed = await eventually(
      async () => {
        const d = await readDoc(docuId);
        return d?.finalKey && d.status !== 'Generating' ? d : undefined;
      },
      90_000,
      'the branded contract sealed',
    );
    const pdf = await PDFDocument.load(await documentDeps().storage.getBytes(sealed.finalKey!), {
      updateMetadata: false,
    });
    const auditPage = pdf.getPage(1); // the original has one page
    const xobjects = auditPage.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const images = xobjects
      .keys()
      .map((k) => xobjects.lookup(k))
      .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
      .filter((s) => s.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    const num = (s: PDFRawStream, key: string) => s.dict.lookup(PDFName.of(key), PDFNumber).asNumber();
    const image = images.find((s) => num(s, 'Width') === 160 && num(s, 'Height') === 64);
    expect(image).toBeDefined();
    // Its colour plane is the logo's pixels, byte for byte.
    expect(inflateSync(image!.contents).equals(rgbOf(logo))).toBe(true);
  }, 150_000);

  it("a company member's contract carries the buyer's brand, and the member cannot change it", async () => {
    const buyer = await newOwner('en', 'Company Buyer Co');
    const buyerId = await userId(buyer);
    const repo = getDeps().repo;
    await repo.update(buyerId, {
      plan: 'month_standard',
      seats: 3,
      validDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      subscriptionStatus: 'active',
      ticketLots: [],
      availableTickets: 0,
    });
    expect((await saveBrand(buyer, { color: '#0d47a1', logo: b64(logo) })).status).toBe(200);
    const email = `brand-member-${randomUUID()}@example.com`;
    expect(
      (await api('/api/billing/members', { method: 'PUT', token: buyer.token, body: { members: [email] } }))
        .status,
    ).toBe(200);
    const signed = await signUpConfirmed(email, { name: 'Mia Member', password: PASSWORD });
    const member: Owner = { token: signed.token, email, name: signed.name };
    const memberId = await userId(member);
    await repo.update(memberId, { ticketLots: [], availableTickets: 0 });

    const panel = await api('/api/me/brand', { token: member.token });
    expect(panel.body).toMatchObject({
      role: 'member',
      allowed: true,
      managedBy: { name: 'Company Buyer Co', email: buyer.email },
      brand: { color: '#0d47a1', name: 'Company Buyer Co' },
    });
    expect(errorOf(await saveBrand(member, { color: '#000000' }))).toEqual({
      status: 403,
      code: 'brand.errors.managedByCompany',
    });
    expect(errorOf(await api('/api/me/brand', { method: 'DELETE', token: member.token }))).toEqual({
      status: 403,
      code: 'brand.errors.managedByCompany',
    });
    const { docuId } = await sendOne(member);
    expect((await readDoc(docuId))!.brand).toMatchObject({ color: '#0d47a1', name: 'Company Buyer Co' });
  }, 60_000);

  it('a personal plan is refused with the plans link; a brand kept while the plan lapsed is not applied', async () => {
    const personal = await newOwner('en', 'Personal Owner');
    const id = await userId(personal);
    expect((await saveBrand(personal, { color: '#8a1538' })).status).toBe(200);
    await getDeps().repo.update(id, {
      plan: 'month_personal',
      validDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      ticketLots: [],
      availableTickets: 0,
    });
    const refused = await saveBrand(personal, { color: '#000000' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'brand.errors.planRequired',
      details: { plansPath: '/home/select_plan' },
    });
    const panel = await api('/api/me/brand', { token: personal.token });
    expect(panel.body).toMatchObject({ allowed: false, applied: false, brand: { color: '#8a1538' } });
    // Sent now, the contract shows SignSeal's (a personal plan still sends its 5 a month).
    const { docuId } = await sendOne(personal);
    expect((await readDoc(docuId))!.brand).toBeUndefined();
  }, 60_000);

  it("Remove restores SignSeal's: no brand on the panel nor on contracts sent afterwards", async () => {
    const removed = await api('/api/me/brand', { method: 'DELETE', token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ brand: null, applied: false });
    const { docuId, contact } = await sendOne(owner);
    expect((await readDoc(docuId))!.brand).toBeUndefined();
    const { token } = await signerLinkTo(contact);
    expect((await api(`/api/sign/${docuId}/${token}`)).body.brand).toBeNull();
    const request = mailsTo(await mailbox(), contact)[0]!;
    expect(request.body.html).not.toContain('data-brand');
  }, 60_000);
});
