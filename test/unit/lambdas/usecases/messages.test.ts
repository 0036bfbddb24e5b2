// Issue #14: one file name for a document's PDF everywhere (item 5), and every SMS within two segments
// in every language with realistic long names, titles and reasons (item 13).
import serverEn from '../../../../shared/i18n/server/en.json' with { type: 'json' };
import { fitSms, smsSize, SMS_MAX_SEGMENTS } from '../../../../shared/domain/sms';
import type { Language } from '../../../../shared/domain/constants';
import { localeForPath } from '../../../../shared/i18n/server';
import { signRequestJob } from '../../../../lambdas/usecases/signer-tokens';
import { documentFileName, paragraphMessage } from '../../../../lambdas/usecases/messages';
import { refusalNoticeJob } from '../../../../lambdas/usecases/refusals';
import { confirmRequestJob } from '../../../../lambdas/usecases/video-confirm';
import { routingMessageJob } from '../../../../lambdas/usecases/routing-flow';
import type { NotifyJob } from '../../../../lambdas/jobs';

describe('documentFileName', () => {
  it('is the title, the short number and -signed for the sealed PDF', () => {
    expect(documentFileName({ title: 'Service agreement', id4: 'f421' }, true)).toBe(
      'Service agreement-F421-signed.pdf',
    );
    expect(documentFileName({ title: 'Service agreement', id4: 'f421' }, false)).toBe(
      'Service agreement-F421.pdf',
    );
    // A video contract's sealed PDF is its contract record (issue #16).
    expect(documentFileName({ title: 'Filmed deal', id4: 'f421', kind: 'vcontract' }, true)).toBe(
      'Filmed deal-F421-record.pdf',
    );
    expect(documentFileName({ title: '', id4: 'f421' }, true)).toBe('F421-signed.pdf');
    expect(documentFileName({ id4: 'f421' }, false)).toBe('F421.pdf');
  });

  it('keeps CJK and Hangul and replaces characters unsafe in file names', () => {
    expect(documentFileName({ title: '業務委託契約書', id4: 'ab12' }, true)).toBe(
      '業務委託契約書-AB12-signed.pdf',
    );
    expect(documentFileName({ title: '임대 계약서', id4: 'ab12' }, true)).toBe('임대 계약서-AB12-signed.pdf');
    expect(documentFileName({ title: 'a/b\\c:d*e?f"g<h>i|j', id4: 'ab12' }, true)).toBe(
      'a b c d e f g h i j-AB12-signed.pdf',
    );
    expect(documentFileName({ title: '..\n\t evil\u202e.exe\u0000 ', id4: 'ab12' }, true)).toBe(
      'evil .exe-AB12-signed.pdf',
    );
    expect(documentFileName({ title: '...', id4: 'ab12' }, true)).toBe('AB12-signed.pdf');
  });

  it('cuts a long title by characters, never inside a character', () => {
    const name = documentFileName({ title: '契'.repeat(200), id4: 'ab12' }, true);
    expect(name).toBe(`${'契'.repeat(60)}-AB12-signed.pdf`);
    const emoji = documentFileName({ title: '😀'.repeat(100), id4: 'ab12' }, false);
    expect([...emoji.replace('-AB12.pdf', '')]).toHaveLength(60);
    expect(emoji).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('smsSize', () => {
  it('counts GSM-7 septets (extension characters twice) and UCS-2 code units', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2 });
    expect(smsSize('€'.repeat(80)).units).toBe(160);
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
    expect(smsSize('あ'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsSize('あ'.repeat(71)).segments).toBe(2);
    expect(smsSize('あ'.repeat(135)).segments).toBe(3);
    expect(smsSize('“quoted”').encoding).toBe('ucs2');
  });

  it('fitSms cuts the longest variable part until the text fits', () => {
    const text = fitSms(
      (v) => `Hello ${v.name}: ${v.link}`,
      { name: 'あ'.repeat(300), link: 'https://x/s/abc' },
      ['name'],
    );
    expect(smsSize(text).segments).toBeLessThanOrEqual(2);
    expect(text).toContain('https://x/s/abc');
    expect(text).toContain('...');
  });
});

// Realistic long values: a 100-character title (the field's limit), long names, a 200-character reason.
const LINK = 'https://app.signseal.example.com/api/s/AbCdEfGhIjKl';
const LONG = {
  en: {
    owner: 'Alexandra Konstantinopoulou-Vanderberg',
    name: 'Maximilian Alexander Wolfeschlegelsteinhausen',
    title:
      'Master Services Agreement between Northwind Trading Company Limited and Contoso Pharmaceuticals Inc'
        .padEnd(100, 'x')
        .slice(0, 100),
    reason: 'The payment terms in clause 4 do not match what we agreed on the phone; '
      .repeat(3)
      .slice(0, 200),
  },
  jp: {
    owner: '長谷川左衛門三郎太郎兵衛',
    name: '勅使河原小百合之助',
    title:
      '業務委託基本契約書（株式会社ノースウィンド・トレーディングとコントソ製薬株式会社との間の秘密保持条項付き）'
        .repeat(3)
        .slice(0, 100),
    reason: '第4条の支払条件が電話で合意した内容と一致していないため、今回は署名できません。'
      .repeat(5)
      .slice(0, 200),
  },
  ko: {
    owner: '남궁민수황보영철',
    name: '제갈공명선우재덕',
    title:
      '주식회사 노스윈드 트레이딩과 콘토소 제약 주식회사 간의 비밀유지 조항이 포함된 업무 위탁 기본 계약서'
        .repeat(3)
        .slice(0, 100),
    reason: '제4조의 지급 조건이 전화로 합의한 내용과 일치하지 않아 이번에는 서명할 수 없습니다. '
      .repeat(5)
      .slice(0, 200),
  },
} as const;

function smsOf(job: NotifyJob): string {
  if (job.kind !== 'sms') throw new Error('expected an SMS');
  return job.text;
}

/** Every SMS the product builds, per language, with the key of its template. */
function everySms(lang: Language): [string, string][] {
  const v = LONG[lang];
  const phone = { name: v.name, contact: '+819012345678', method: 'phone' as const };
  const locale = localeForPath(lang);
  const out: [string, string][] = [
    [
      'signRequest.sms',
      smsOf(
        signRequestJob({
          docuId: 'd'.repeat(32),
          index: 1,
          lang,
          recipient: phone,
          ownerName: v.owner,
          title: v.title,
          link: LINK,
        }),
      ),
    ],
  ];
  out.push([
    'videoConfirmRequest.sms',
    smsOf(
      confirmRequestJob({
        docuId: 'd'.repeat(32),
        lang,
        party: { index: 1, ...phone },
        title: v.title,
        link: LINK,
      }),
    ),
  ]);
  for (const kind of ['deny', 'terms', 'vconfirm'] as const) {
    for (const self of [false, true]) {
      const prefix = { deny: 'denialNotice', terms: 'termsDenialNotice', vconfirm: 'videoDenialNotice' }[
        kind
      ];
      out.push([
        `${prefix}${self ? '.self' : ''}.sms`,
        smsOf(
          refusalNoticeJob({
            docuId: 'd'.repeat(32),
            kind,
            lang,
            to: phone,
            signerName: v.owner,
            title: v.title,
            reason: v.reason,
            self,
          }),
        ),
      ]);
    }
  }
  const values = {
    name: v.name,
    title: v.title,
    number: 'F421',
    hash: 'a'.repeat(64),
    link: LINK,
    token: '1234567',
    contract: '0x' + 'b'.repeat(40),
    chain: 'Polygon Amoy (80002)',
    tx: '0x' + 'c'.repeat(64),
    verify: LINK,
  };
  // Issue #28: the routing messages (a reminder, an approval request, a viewer's copy, a delegation,
  // a voided contract), with the longest values they take.
  for (const mail of ['reminder', 'approvalRequest', 'viewerCopy', 'delegated', 'voided'] as const) {
    out.push([
      `routingMail.${mail}.sms`,
      smsOf(
        routingMessageJob({
          mail,
          idempotencyKey: 'k'.repeat(10),
          docuId: 'd'.repeat(32),
          to: phone,
          lang,
          values: {
            name: v.name,
            owner: v.owner,
            from: v.name,
            title: v.title,
            link: LINK,
            reason: v.reason,
            days: 30,
          },
        }),
      ),
    ]);
  }
  for (const prefix of [
    'sealing.completion',
    'sealing.completion.vcontract',
    'sealing.certificate',
  ] as const) {
    out.push([
      `${prefix}.sms`,
      smsOf(
        paragraphMessage({
          idempotencyKey: 'k'.repeat(10),
          to: phone,
          locale,
          prefix,
          paragraphs: [],
          values,
        }),
      ),
    ]);
  }
  return out;
}

function smsKeys(catalogue: unknown, prefix = ''): string[] {
  if (typeof catalogue !== 'object' || catalogue === null) return [];
  return Object.entries(catalogue).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? (k === 'sms' ? [key] : []) : smsKeys(v, key);
  });
}

describe('every SMS template, in every language, with long names', () => {
  it('covers every *.sms key of the server catalogue', () => {
    expect(
      everySms('en')
        .map(([key]) => key)
        .sort(),
    ).toEqual(smsKeys(serverEn).sort());
  });

  for (const lang of ['en', 'jp', 'ko'] as const) {
    it(`fits in ${SMS_MAX_SEGMENTS} segments and keeps its link whole (${lang})`, () => {
      for (const [key, text] of everySms(lang)) {
        if (process.env.SHOW_SMS) console.log(key, lang, smsSize(text), text);
        const size = smsSize(text);
        if (size.segments > SMS_MAX_SEGMENTS)
          throw new Error(`${key} (${lang}): ${size.segments} segments: ${text}`);
        if (/\{\{/.test(text)) throw new Error(`${key} (${lang}) left a placeholder: ${text}`);
        if (key.startsWith('signRequest') || key.startsWith('sealing')) expect(text).toContain(LINK);
        if (key.startsWith('routingMail') && !key.includes('voided')) expect(text).toContain(LINK);
      }
    });
  }
});
