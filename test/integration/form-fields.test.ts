// Forms integration (issue #27 item 4) through the local gateway against the emulators: a PDF with
// its own form fields offers them in the document view after upload; a flat PDF offers none; a new
// upload replaces the offer; another owner never sees the document.
import { api } from '../support/cloud-client';
import { createDocument, makePdf, newOwner, uploadPdf } from '../support/documents';
import { ACROFORM_FIELDS, buildAcroFormPdf } from '../support/acroform';

describe('a PDF form brings its fields', () => {
  it('offers the form fields after upload, at their places, and drops them when a flat PDF replaces it', async () => {
    const owner = await newOwner();
    const docuId = await createDocument(owner);
    const before = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(before.body.formFields).toEqual([]);

    const uploaded = await uploadPdf(owner, docuId, await buildAcroFormPdf(), 'lease-form.pdf');
    expect(uploaded.status).toBe(200);
    const fields = uploaded.body.formFields as { name: string; type: string; pageIndex: number }[];
    expect(fields.map((f) => f.name)).toEqual([...ACROFORM_FIELDS]);
    expect(fields.map((f) => f.type)).toEqual([
      'text',
      'text',
      'checkbox',
      'radio',
      'dropdown',
      'dropdown',
      'text',
    ]);
    expect(fields.find((f) => f.name === 'deposit')!.pageIndex).toBe(1);

    // Naming the contractors keeps the offer (Set Position comes after them).
    const saved = await api(`/api/documents/${docuId}/recipients`, {
      method: 'PUT',
      token: owner.token,
      body: {
        recipients: [{ name: 'Tess Tenant', contact: 'tess@example.com' }],
        finalRecipients: [],
        lang: 'en',
      },
    });
    expect(saved.status).toBe(200);

    const reread = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(reread.body.formFields).toEqual(uploaded.body.formFields);

    const flat = await uploadPdf(
      owner,
      docuId,
      await makePdf([
        { width: 595, height: 842 },
        { width: 595, height: 842 },
      ]),
    );
    expect(flat.status).toBe(200);
    expect(flat.body.formFields).toEqual([]);

    const stranger = await newOwner();
    const peek = await api(`/api/documents/${docuId}`, { token: stranger.token });
    expect(peek.status).toBe(404);
  });
});
