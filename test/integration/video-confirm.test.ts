// Cross video confirmation (issue #15 item 4) through the local gateway, against the real emulators:
// two contractors of a video-sign contract record and agree; the document waits in NeedVConfirm and
// every party (both contractors and the owner) gets a `/video_confirm/…` link by e-mail or SMS. A
// party sees one card per contractor with a short-lived URL of their video, confirms only with every
// video checked, and answers once; a denial rejects the contract and tells everyone. The last two
// confirmations at the same instant make exactly one Generating transition (one seal job: the use case
// enqueues it only on the path that committed NeedVConfirm → Generating, answered as 'Generating').
import { documentDeps } from '../../lambdas/deps';
import { api, eventually, mailbox } from '../support/cloud-client';
import { confirmTokenTo, signPath, signRecordAgree, switchToVideoSign } from '../support/video';
import { mailsTo, sendTwoContractorDocument, type SentDocument } from '../support/documents';

const confirmPath = (docuId: string, token: string, rest = '') =>
  `/api/video-confirm/${docuId}/${token}${rest}`;

interface Waiting extends SentDocument {
  tokens: { mail: string; sms: string; owner: string };
}

/** A video-sign contract whose two contractors recorded and agreed: NeedVConfirm, links mailed. */
async function waitingForConfirmation(): Promise<Waiting> {
  const sent = await sendTwoContractorDocument({ title: 'Video lease' });
  await switchToVideoSign(sent.docuId);
  expect((await signRecordAgree(sent.docuId, sent.mailToken, [0, 1])).body.status).toBe('Agree');
  const last = await signRecordAgree(sent.docuId, sent.smsToken, [2]);
  expect(last.body).toEqual({ status: 'NeedVConfirm', agreement: 1 });
  const [mail, sms, owner] = await Promise.all([
    confirmTokenTo(sent.email),
    confirmTokenTo(`${sent.e164}@sms.local`),
    confirmTokenTo(sent.owner.email),
  ]);
  return { ...sent, tokens: { mail, sms, owner } };
}

const confirm = (docuId: string, token: string, allChecked = true) =>
  api(confirmPath(docuId, token, '/confirm'), { method: 'POST', body: { allChecked, lang: 'en' } });
const historyOf = (docuId: string) => documentDeps().docs.listHistory(docuId);

describe('cross video confirmation', () => {
  it('mails every party a link of their own and shows one card per contractor with their video', async () => {
    const w = await waitingForConfirmation();
    expect(new Set(Object.values(w.tokens)).size).toBe(3);
    const history = await historyOf(w.docuId);
    expect(history.filter((h) => h.action === 'video_confirm_req')).toHaveLength(3);
    // A confirmation link is never a signer link, and a signer link never a confirmation link.
    expect((await api(signPath(w.docuId, w.tokens.mail))).status).toBe(404);
    expect((await api(confirmPath(w.docuId, w.mailToken))).status).toBe(404);

    const view = await api(confirmPath(w.docuId, w.tokens.owner));
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ docuId: w.docuId, status: 'NeedVConfirm', me: { videoConfirm: 0 } });
    expect(view.body.cards.map((c: { name: string }) => c.name)).toEqual(['Mail Signer', 'Phone Signer']);
    const video = await fetch(view.body.cards[0].url);
    expect(video.status).toBe(200);
    expect(new Uint8Array(await video.arrayBuffer()).subarray(0, 4)).toEqual(
      new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]),
    );
  });

  it('answers one 404 to a bad link and 400 to a confirmation without the box', async () => {
    const w = await waitingForConfirmation();
    const garbage = await api(confirmPath(w.docuId, 'A'.repeat(43)));
    expect(garbage.status).toBe(404);
    expect(garbage.body.error.code).toBe('signing.errors.invalidLink');
    expect((await api(confirmPath('0'.repeat(24), w.tokens.mail))).status).toBe(404);
    const unchecked = await confirm(w.docuId, w.tokens.mail, false);
    expect(unchecked.status).toBe(400);
    expect(unchecked.body.error.code).toBe('videoConfirm.errors.notChecked');
    const noBox = await api(confirmPath(w.docuId, w.tokens.mail, '/confirm'), {
      method: 'POST',
      body: { lang: 'en' },
    });
    expect(noBox.status).toBe(400);
    expect((await documentDeps().docs.listRecipients(w.docuId))[0]!.videoConfirm).toBeUndefined();
  });

  it('records a confirmation once, then answers the already-confirmed alert', async () => {
    const w = await waitingForConfirmation();
    const first = await confirm(w.docuId, w.tokens.mail);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'NeedVConfirm', videoConfirm: 1 });
    for (const again of [
      await confirm(w.docuId, w.tokens.mail),
      await api(confirmPath(w.docuId, w.tokens.mail)),
      await api(confirmPath(w.docuId, w.tokens.mail, '/deny'), {
        method: 'POST',
        body: { reason: 'changed my mind', lang: 'en' },
      }),
    ]) {
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('signing.alreadyConfirmedVideos');
    }
    expect((await historyOf(w.docuId)).filter((h) => h.action === 'video_confirm')).toHaveLength(1);
  });

  it('a denial with a reason rejects the contract, tells everyone and answers the already-denied alert', async () => {
    const w = await waitingForConfirmation();
    const empty = await api(confirmPath(w.docuId, w.tokens.sms, '/deny'), {
      method: 'POST',
      body: { reason: '  ', lang: 'en' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('signing.errors.denyReasonRequired');
    const denied = await api(confirmPath(w.docuId, w.tokens.sms, '/deny'), {
      method: 'POST',
      body: { reason: 'The video is not me', lang: 'en' },
    });
    expect(denied.status).toBe(200);
    expect(denied.body).toEqual({ status: 'Reject', videoConfirm: 2 });
    expect((await documentDeps().docs.getDocument(w.docuId))?.status).toBe('Reject');
    const history = await historyOf(w.docuId);
    expect(history.filter((h) => h.action === 'reject_vconfirm').map((h) => h.reason)).toEqual([
      'The video is not me',
    ]);
    // The owner and the e-mail contractor get the reason by e-mail, the phone contractor by SMS.
    for (const address of [w.owner.email, w.email, `${w.e164}@sms.local`]) {
      await eventually(
        async () =>
          mailsTo(await mailbox(), address).some((m) => (m.body.text ?? '').includes('The video is not me')),
        30000,
        `the denial notice to ${address}`,
      );
    }
    const again = await api(confirmPath(w.docuId, w.tokens.sms));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('signing.alreadyDeniedVideos');
    const late = await confirm(w.docuId, w.tokens.owner);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('errors.invalidTransition');
  });

  it('two last confirmations at the same instant make exactly one Generating transition', async () => {
    const w = await waitingForConfirmation();
    expect((await confirm(w.docuId, w.tokens.owner)).body.status).toBe('NeedVConfirm');
    const [x, y] = await Promise.all([confirm(w.docuId, w.tokens.mail), confirm(w.docuId, w.tokens.sms)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect([x.body.status, y.body.status].sort()).toEqual(['Generating', 'NeedVConfirm']);
    expect((await historyOf(w.docuId)).filter((h) => h.action === 'video_confirm')).toHaveLength(3);
    expect(['Generating', 'Completed']).toContain((await documentDeps().docs.getDocument(w.docuId))?.status);
  });
});
