// Templates (issue #27) as the journeys and integration tests set them up through the API: a draft
// with two contractors ("Bea Buyer", "Sam Seller") and their fields, and a template saved from it.
import { randomUUID } from 'node:crypto';
import { api } from './cloud-client';
import { createDocument, uploadPdf, type AreaSpec, type Owner } from './documents';

/** A signature for each contractor and, for the first, a text field labelled "Address". */
export const BUYER_SELLER_AREAS: readonly AreaSpec[] = [
  { recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 },
  { recipientIndex: 0, pageIndex: 0, x: 50, y: 200, width: 200, height: 24, type: 'text', label: 'Address' },
  { recipientIndex: 1, pageIndex: 0, x: 300, y: 60, width: 120, height: 40 },
];

/** A draft at Finalize: a one-page PDF, two contractors (new addresses each call) and `areas`. */
export async function twoContractorDraft(
  owner: Owner,
  areas: readonly AreaSpec[] = BUYER_SELLER_AREAS,
): Promise<string> {
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId, undefined, 'lease.pdf')).status).toBe(200);
  const put = (path: string, body: unknown) => api(path, { method: 'PUT', token: owner.token, body });
  const recipients = {
    recipients: [
      { name: 'Bea Buyer', contact: `bea-${randomUUID()}@example.com` },
      { name: 'Sam Seller', contact: `sam-${randomUUID()}@example.com` },
    ],
    finalRecipients: [],
    lang: 'en',
  };
  expect((await put(`/api/documents/${docuId}/recipients`, recipients)).status).toBe(200);
  expect((await put(`/api/documents/${docuId}/areas`, { areas })).status).toBe(200);
  return docuId;
}

/** A template of roles Buyer and Seller saved from `twoContractorDraft(owner, areas)`. */
export async function buyerSellerTemplate(
  owner: Owner,
  title: string,
  areas: readonly AreaSpec[] = BUYER_SELLER_AREAS,
): Promise<string> {
  const docuId = await twoContractorDraft(owner, areas);
  const made = await api('/api/templates', {
    method: 'POST',
    token: owner.token,
    body: { docuId, title, roleNames: ['Buyer', 'Seller'] },
  });
  expect(made.status).toBe(201);
  return made.body.templateId as string;
}
