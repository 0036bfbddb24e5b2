// Fixtures for tests that need owners and contracts on the running local cloud: a signed-up owner, a
// real PDF, an upload through the presigned form, and a contract sent to two contractors (one by
// e-mail, one by SMS) with their signer links read from the local mailbox.
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { api, eventually, mailbox, type StoredMail } from './cloud-client';
import { signUpConfirmed } from './accounts';
import { makePng } from './png';

export const PASSWORD = 'Sign-seal-1';
export const A4 = { width: 595.28, height: 841.89 };
/** A signer link in a message: language, document id, 43-character token. */
export const SIGNER_LINK = /\/(en|jp|ko)\/outsign\/([0-9a-z]+)\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;

export interface Owner {
  token: string;
  email: string;
  name: string;
}

/** A new owner, signed up through the API (with the code it mails) and signed in (ID token). */
export async function newOwner(lang: 'en' | 'jp' | 'ko' = 'en', name = 'Alex Owner'): Promise<Owner> {
  const email = `owner-${randomUUID()}@example.com`;
  return signUpConfirmed(email, { name, lang, password: PASSWORD });
}

/** Gives the owner a sign (POST /api/me/signs): an owner who is a contractor needs one to send. */
export async function giveOwnerSign(owner: Owner): Promise<{ signId: string; url: string }> {
  const res = await api('/api/me/signs', {
    method: 'POST',
    token: owner.token,
    body: { image: Buffer.from(makePng(120, 40)).toString('base64'), kind: 'draw' },
  });
  expect(res.status).toBe(201);
  return res.body as { signId: string; url: string };
}

/** A real PDF with one page per size, each with a line of text. */
export async function makePdf(
  sizes: readonly { width: number; height: number }[] = [A4],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const s of sizes) doc.addPage([s.width, s.height]).drawText('SignSeal test page', { x: 20, y: 20 });
  return doc.save();
}

export async function createDocument(owner: Owner): Promise<string> {
  const res = await api('/api/documents', { method: 'POST', token: owner.token, body: { kind: 'esign' } });
  expect(res.status).toBe(201);
  return res.body.docuId as string;
}

/** Posts bytes to a presigned upload form, as a browser would. */
export function postFile(
  upload: { url: string; fields: Record<string, string> },
  bytes: Uint8Array,
  fileName: string,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([bytes as BlobPart], { type: 'application/pdf' }), fileName);
  return fetch(upload.url, { method: 'POST', body: form });
}

/** Presign → POST the file → complete; answers the completion's response. */
export async function uploadPdf(
  owner: Owner,
  docuId: string,
  bytes?: Uint8Array,
  fileName = 'contract.pdf',
  headers: Record<string, string> = {},
) {
  const file = bytes ?? (await makePdf());
  const p = await api(`/api/documents/${docuId}/upload`, {
    method: 'POST',
    token: owner.token,
    body: { fileName, contentType: 'application/pdf', sizeBytes: file.length },
  });
  expect(p.status).toBe(200);
  expect((await postFile(p.body, file, fileName)).status).toBeLessThan(300);
  const res = await api(`/api/documents/${docuId}/upload/complete`, {
    method: 'POST',
    token: owner.token,
    body: { key: p.body.key },
    headers,
  });
  // The form used, as a saved copy of it would be (issue #13: it must change nothing once completed).
  return Object.assign(res, { form: p.body as UploadForm });
}

export interface UploadForm {
  url: string;
  fields: Record<string, string>;
  key: string;
  expiresAt: string;
}

export function mailsTo(mails: StoredMail[], address: string): StoredMail[] {
  return mails.filter((m) => m.destination.to.includes(address));
}

/** A short link of an SMS (issue #14): `/api/s/` and a 12-character code. */
export const SHORT_LINK = /https?:\/\/[^\s/]+\/api\/s\/([A-Za-z0-9_-]{12})(?![A-Za-z0-9_-])/;

/** Where a short link redirects (302 Location), without following it. */
export async function resolveShortLink(url: string): Promise<{ status: number; location: string | null }> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
}

/** A message's signer link: written out (e-mail) or behind a short link (SMS). */
async function signerLinkIn(text: string): Promise<string | null> {
  if (SIGNER_LINK.test(text)) return text;
  const short = SHORT_LINK.exec(text);
  if (!short) return null;
  const { location } = await resolveShortLink(short[0]);
  return location && SIGNER_LINK.test(location) ? location : null;
}

/** The signer link in the first message to `address` that has one. */
export async function signerLinkTo(address: string): Promise<{ path: string; token: string }> {
  const text = await eventually(
    async () => {
      for (const m of mailsTo(await mailbox(), address)) {
        const found = await signerLinkIn(m.body.text ?? '');
        if (found) return found;
      }
      return null;
    },
    30000,
    `the signer link sent to ${address}`,
  );
  const match = SIGNER_LINK.exec(text)!;
  return { path: match[0], token: match[3]! };
}

export interface SentDocument {
  owner: Owner;
  docuId: string;
  /** Contractor 0, by e-mail. */
  email: string;
  /** Contractor 1, by SMS. */
  e164: string;
  mailLink: string;
  smsLink: string;
  mailToken: string;
  smsToken: string;
  /** The upload form of the contract's PDF (spent). */
  uploadForm: UploadForm;
}

/** An area (a field) as `PUT …/areas` takes it: where, for whom, and any field settings. */
export interface AreaSpec {
  recipientIndex: number;
  pageIndex: number;
  x: number;
  y: number;
  width: number;
  height: number;
  [setting: string]: unknown;
}

export interface SendOptions {
  title?: string;
  names?: readonly [string, string];
  /** Areas of the two contractors (recipientIndex 0 or 1), in PDF points on page 0. */
  areas?: readonly AreaSpec[];
  ownerName?: string;
  /** The contract's PDF (default: one A4 page, makePdf()). */
  pdf?: Uint8Array;
  /** An owner already signed up (default: a new one, named ownerName). */
  owner?: Owner;
}

const DEFAULT_BOX = { pageIndex: 0, x: 50, y: 60, width: 120, height: 40 };

/** A contract sent to two contractors: by default the e-mail one has two areas, the SMS one one. */
export async function sendTwoContractorDocument(options: SendOptions = {}): Promise<SentDocument> {
  const owner = options.owner ?? (await newOwner('en', options.ownerName));
  const docuId = await createDocument(owner);
  const uploaded = await uploadPdf(owner, docuId, options.pdf);
  expect(uploaded.status).toBe(200);
  const email = `signer-${randomUUID()}@example.com`;
  const digits = `90${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const e164 = `+81${digits}`;
  const [mailName, phoneName] = options.names ?? ['Mail Signer', 'Phone Signer'];
  const rcpt = await api(`/api/documents/${docuId}/recipients`, {
    method: 'PUT',
    token: owner.token,
    body: {
      recipients: [
        { name: mailName, contact: email },
        { name: phoneName, contact: `+81 ${digits}` },
      ],
      finalRecipients: [],
      lang: 'en',
    },
  });
  expect(rcpt.status).toBe(200);
  const areas = options.areas ?? [
    { recipientIndex: 0, ...DEFAULT_BOX },
    { recipientIndex: 0, ...DEFAULT_BOX, y: 200 },
    { recipientIndex: 1, ...DEFAULT_BOX, y: 400 },
  ];
  expect(
    (await api(`/api/documents/${docuId}/areas`, { method: 'PUT', token: owner.token, body: { areas } }))
      .status,
  ).toBe(200);
  const patched = await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { title: options.title ?? 'Service agreement', privateinfoAgree: true },
  });
  expect(patched.status).toBe(200);
  const sent = await api(`/api/documents/${docuId}/send`, {
    method: 'POST',
    token: owner.token,
    body: { lang: 'en' },
  });
  expect(sent.status).toBe(200);
  const mail = await signerLinkTo(email);
  const sms = await signerLinkTo(`${e164}@sms.local`);
  return {
    owner,
    docuId,
    email,
    e164,
    mailLink: mail.path,
    smsLink: sms.path,
    mailToken: mail.token,
    smsToken: sms.token,
    uploadForm: uploaded.form,
  };
}

/** A document ready to send to one contractor by e-mail (uploaded, one area, titled, terms agreed). */
export async function readyToSend(
  owner: Owner,
  options: { title?: string; name?: string; contactPrefix?: string } = {},
): Promise<{ docuId: string; contact: string }> {
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId)).status).toBe(200);
  const put = (path: string, body: unknown) => api(path, { method: 'PUT', token: owner.token, body });
  const contact = `${options.contactPrefix ?? 'signer'}-${randomUUID()}@example.com`;
  const recipients = {
    recipients: [{ name: options.name ?? 'Mail Signer', contact }],
    finalRecipients: [],
    lang: 'en',
  };
  expect((await put(`/api/documents/${docuId}/recipients`, recipients)).status).toBe(200);
  const areas = [{ recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 }];
  expect((await put(`/api/documents/${docuId}/areas`, { areas })).status).toBe(200);
  const patched = await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { title: options.title ?? 'Company agreement', privateinfoAgree: true },
  });
  expect(patched.status).toBe(200);
  return { docuId, contact };
}

/** The signed-in owner's user id (GET /api/me). */
export async function userIdOf(owner: Owner): Promise<string> {
  const me = await api('/api/me', { token: owner.token });
  expect(me.status).toBe(200);
  return me.body.userId as string;
}

/** POST /api/documents/{docuId}/send, in English. */
export const sendDocument = (owner: Owner, docuId: string) =>
  api(`/api/documents/${docuId}/send`, { method: 'POST', token: owner.token, body: { lang: 'en' } });

/** PUT /api/billing/members: the company's member list. */
export const putMembers = (owner: Owner, members: string[]) =>
  api('/api/billing/members', { method: 'PUT', token: owner.token, body: { members } });
