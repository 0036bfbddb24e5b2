// Issue #14, owner and messaging items against the local cloud: the owner's own saves never conflict
// (1), the history credits requests to the owner with their channel (2), the contractor who denies
// gets the notice too (12), and SMS carry short links that redirect to the signer page (13).
import { smsSize } from '../../shared/domain/sms';
import { api, eventually, mailbox } from '../support/cloud-client';
import {
  createDocument,
  mailsTo,
  newOwner,
  resolveShortLink,
  sendTwoContractorDocument,
  SHORT_LINK,
  SIGNER_LINK,
  uploadPdf,
} from '../support/documents';

describe('the owner saves the name and the terms box at once (item 1)', () => {
  it('never answers a conflict, and both values are kept', async () => {
    const owner = await newOwner();
    const docuId = await createDocument(owner);
    expect((await uploadPdf(owner, docuId)).status).toBe(200);
    for (let round = 0; round < 4; round++) {
      const title = `Contract ${round}`;
      const agree = round % 2 === 0;
      const results = await Promise.all([
        api(`/api/documents/${docuId}`, { method: 'PATCH', token: owner.token, body: { title } }),
        api(`/api/documents/${docuId}`, {
          method: 'PATCH',
          token: owner.token,
          body: { privateinfoAgree: agree },
        }),
        api(`/api/documents/${docuId}`, { method: 'PATCH', token: owner.token, body: { title } }),
        api(`/api/documents/${docuId}`, {
          method: 'PATCH',
          token: owner.token,
          body: { privateinfoAgree: agree },
        }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const doc = await api(`/api/documents/${docuId}`, { token: owner.token });
      expect(doc.body).toMatchObject({ title, privateinfoAgree: agree });
    }
  });
});

describe('sending, denying and short links', () => {
  it('credits each request to the owner by its channel, notifies the denier, and keeps SMS short', async () => {
    const s = await sendTwoContractorDocument({
      title: 'Messaging check',
      ownerName: 'Olivia Owner',
      names: ['山田 太郎', 'Phone Person'],
    });

    // Item 2: the owner sent both requests; the contractor is the target, the channel is recorded.
    const details = await api(`/api/documents/${s.docuId}/details`, { token: s.owner.token });
    expect(details.status).toBe(200);
    const transfers = (details.body.history as { action: string }[]).filter((h) => h.action === 'transfer');
    expect(transfers).toHaveLength(2);
    for (const h of transfers) expect(h).toMatchObject({ actorName: 'Olivia Owner' });
    expect(
      transfers.map((h) => JSON.stringify([(h as never)['targetName'], (h as never)['channel']])).sort(),
    ).toEqual([JSON.stringify(['Phone Person', 'sms']), JSON.stringify(['山田 太郎', 'email'])].sort());

    // Item 13: the SMS is within two segments and its short link redirects to the signer page.
    const sms = await eventually(
      async () =>
        mailsTo(await mailbox(), `${s.e164}@sms.local`).find((m) => SHORT_LINK.test(m.body.text ?? '')),
      30000,
      'the request SMS',
    );
    const text = sms.body.text ?? '';
    expect(text).not.toMatch(SIGNER_LINK);
    expect(smsSize(text.trim()).segments).toBeLessThanOrEqual(2);
    const short = SHORT_LINK.exec(text)!;
    const opened = await resolveShortLink(short[0]);
    expect(opened.status).toBe(302);
    expect(opened.location).toContain(`/en/outsign/${s.docuId}/${s.smsToken}`);
    // A wrong code leads to a page, not to an error document.
    const wrong = await resolveShortLink(short[0].replace(/.{12}$/, 'AAAAAAAAAAAA'));
    expect(wrong.status).toBe(302);
    expect(wrong.location).toMatch(/\/en\/link-expired$/);

    // Item 12: the contractor who denies gets the notice too, with their reason.
    const reason = 'Clause 7 names the wrong company.';
    const denied = await api(`/api/sign/${s.docuId}/${s.mailToken}/deny`, {
      method: 'POST',
      body: { reason, lang: 'en' },
    });
    expect(denied.status).toBe(200);
    const own = await eventually(
      async () => mailsTo(await mailbox(), s.email).find((m) => (m.body.text ?? '').includes(reason)),
      30000,
      'the denial notice to the denier',
    );
    expect(own.subject).toContain('Messaging check');
    await eventually(
      async () => mailsTo(await mailbox(), s.owner.email).find((m) => (m.body.text ?? '').includes(reason)),
      30000,
      'the denial notice to the owner',
    );
    const toPhone = await eventually(
      async () =>
        mailsTo(await mailbox(), `${s.e164}@sms.local`).find((m) => (m.body.text ?? '').includes('Clause 7')),
      30000,
      'the denial SMS to the other contractor',
    );
    expect(smsSize((toPhone.body.text ?? '').trim()).segments).toBeLessThanOrEqual(2);
  });
});
