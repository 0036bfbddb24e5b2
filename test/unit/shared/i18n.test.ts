import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import {
  DEFAULT_NAMESPACE,
  LANGUAGES,
  LOADING_TEXT,
  LOCALES,
  NATIVE_LANGUAGE_NAMES,
  interpolationVariables,
  isMessageKey,
  localeForPath,
  ordinal,
  pathPrefixForLocale,
  resources,
  translate,
  type Locale,
} from '../../../shared/i18n';
import spaEn from '../../../shared/i18n/en.json' with { type: 'json' };
import spaJa from '../../../shared/i18n/ja.json' with { type: 'json' };
import spaKo from '../../../shared/i18n/ko.json' with { type: 'json' };
import {
  isServerMessageKey,
  serverCatalogues,
  translate as serverTranslate,
} from '../../../shared/i18n/server';
import { HISTORY_ACTION_KEYS } from '../../../shared/domain/status';
import {
  DOCUMENTS_PLAN_PAYMENT,
  SIGN_CREATION,
  SIGN_UP_AND_SIGN_IN,
  SIGNING,
  UPLOAD_AND_CONTRACTORS,
  VIDEO,
  type SpecMessage,
} from './spec-messages';

function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
    } else out.set(key, v);
  }
  return out;
}

type Flat = Record<Locale, Map<string, unknown>>;
const flat = (parts: Record<Locale, unknown>): Flat =>
  Object.fromEntries(LOCALES.map((l) => [l, flatten(parts[l])])) as Flat;

/** The SPA's part (./{locale}.json) and the server's part (./server/{locale}.json) of each catalogue. */
const spaParts: Record<Locale, object> = { en: spaEn, ja: spaJa, ko: spaKo };
const serverParts: Record<Locale, object> = serverCatalogues;

/** What the SPA sees (both parts merged), then each part on its own: every test below runs on all three. */
const views: [string, Flat][] = [
  [
    'the merged catalogues',
    flat({ en: resources.en.translation, ja: resources.ja.translation, ko: resources.ko.translation }),
  ],
  ["the SPA's part", flat(spaParts)],
  ["the server's part", flat(serverParts)],
];
const catalogues = views[0]![1];
const enKeys = [...catalogues.en.keys()].sort();

/** Values that are the same in every language: the product's own name. */
const SAME_IN_EVERY_LANGUAGE = new Set(['app.name']);

const stripVariables = (s: string) => s.replace(/\{\{\s*[\w.]+\s*\}\}/g, '');

describe.each(views)('%s', (_view, catalogues) => {
  const enKeys = [...catalogues.en.keys()].sort();

  it('is not empty', () => {
    expect(enKeys.length).toBeGreaterThan(0);
  });

  it.each(['ja', 'ko'] as const)('%s has exactly the keys of the English catalogue', (locale) => {
    expect([...catalogues[locale].keys()].sort()).toEqual(enKeys);
  });

  it.each(LOCALES.map((l) => [l]))('%s holds only non-empty strings', (locale) => {
    for (const [key, value] of catalogues[locale]) {
      expect({ key, type: typeof value }).toEqual({ key, type: 'string' });
      expect((value as string).trim().length).toBeGreaterThan(0);
    }
  });

  it.each(['ja', 'ko'] as const)(
    '%s interpolates the same variables as English in every message',
    (locale) => {
      for (const key of enKeys) {
        const en = interpolationVariables(catalogues.en.get(key) as string).sort();
        const other = interpolationVariables(catalogues[locale].get(key) as string).sort();
        expect({ key, variables: other }).toEqual({ key, variables: en });
      }
    },
  );

  it.each(['ja', 'ko'] as const)('%s translates every message (none is left in English)', (locale) => {
    for (const key of enKeys) {
      if (SAME_IN_EVERY_LANGUAGE.has(key)) continue;
      expect({ key, same: catalogues[locale].get(key) === catalogues.en.get(key) }).toEqual({
        key,
        same: false,
      });
    }
  });

  it.each(['ja', 'ko'] as const)('%s has no message written only in ASCII letters', (locale) => {
    for (const [key, value] of catalogues[locale]) {
      if (SAME_IN_EVERY_LANGUAGE.has(key)) continue;
      // eslint-disable-next-line no-control-regex
      const asciiOnly = /^[\x00-\x7F]*$/.test(stripVariables(value as string));
      expect({ key, asciiOnly }).toEqual({ key, asciiOnly: false });
    }
  });

  it('uses only the {{variable}} interpolation form', () => {
    for (const locale of LOCALES) {
      for (const [key, value] of catalogues[locale]) {
        const leftover = stripVariables(value as string).match(/\{\{|\}\}|\{[a-z]+\}/);
        expect({ key, leftover }).toEqual({ key, leftover: null });
      }
    }
  });
});

describe('the message catalogues', () => {
  it('calls the product SignSeal in every language', () => {
    for (const locale of LOCALES) expect(catalogues[locale].get('app.name')).toBe('SignSeal');
  });

  it("names each language as its own catalogue does (the SPA's switcher has one catalogue loaded)", () => {
    for (const locale of LOCALES)
      expect(NATIVE_LANGUAGE_NAMES[locale]).toBe(catalogues[locale].get(`language.${locale}`));
  });

  it('says "loading" before any catalogue is loaded as each catalogue does', () => {
    for (const locale of LOCALES) expect(LOADING_TEXT[locale]).toBe(catalogues[locale].get('shell.loading'));
  });

  it("the pages' HTML says it in each language as LOADING_TEXT does, before any script has run (issue #33)", () => {
    for (const page of ['index.html', 'record.html']) {
      const html = readFileSync(new URL(`../../../web/${page}`, import.meta.url), 'utf8');
      const root = /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
      for (const locale of LOCALES)
        expect(root).toContain(`<span lang="${locale}">${LOADING_TEXT[locale]}</span>`);
    }
  });
});

describe("the catalogues' split between the SPA and the server", () => {
  it.each(LOCALES.map((l) => [l]))('%s keeps each top-level namespace in one part only', (locale) => {
    const server = new Set(Object.keys(serverParts[locale]));
    expect(Object.keys(spaParts[locale]).filter((ns) => server.has(ns))).toEqual([]);
  });

  it.each(LOCALES.map((l) => [l]))('%s: the SPA sees exactly the keys of both parts', (locale) => {
    const parts = [...flatten(spaParts[locale]).keys(), ...flatten(serverParts[locale]).keys()].sort();
    expect([...catalogues[locale].keys()].sort()).toEqual(parts);
  });

  it('gives the same server text as the SPA for every server key and language', () => {
    for (const locale of LOCALES) {
      for (const [key, message] of flatten(serverParts[locale])) {
        const vars = Object.fromEntries(interpolationVariables(message as string).map((v) => [v, `<${v}>`]));
        expect(isServerMessageKey(key)).toBe(true);
        expect(serverTranslate(key, vars, locale)).toBe(translate(key, vars, locale));
      }
    }
  });

  it('carries no SPA text on the server', () => {
    expect(isServerMessageKey('errors.notFound')).toBe(false);
    expect(serverTranslate('errors.notFound' as string, {}, 'ja')).toBe('errors.notFound');
    expect(translate('errors.notFound', {}, 'ja')).not.toBe('errors.notFound');
  });

  it('renders every history action on the server (the audit pages list them)', () => {
    for (const key of Object.values(HISTORY_ACTION_KEYS)) expect(isServerMessageKey(key)).toBe(true);
  });

  it('renders server messages in Japanese and Korean', () => {
    expect(serverTranslate('signRequest.untitled', {}, 'ja')).toBe(
      translate('signRequest.untitled', {}, 'ja'),
    );
    expect(serverTranslate('contractMail.subject', { title: 'T' }, 'ko')).toContain('T');
    expect(serverTranslate('contractMail.subject', { title: 'T' }, 'ko')).not.toBe(
      serverTranslate('contractMail.subject', { title: 'T' }, 'en'),
    );
  });

  it('checks literal keys against the server catalogues at compile time', () => {
    const some = 'x' as string;
    const kind = 'denialNotice' as 'denialNotice' | 'termsDenialNotice';
    const accepted = [
      serverTranslate('signRequest.subject'),
      serverTranslate(some),
      serverTranslate(`audit.${some}`),
      serverTranslate(`${kind}.sms`),
      // @ts-expect-error an SPA key is not in the server catalogues
      serverTranslate('errors.notFound'),
      // @ts-expect-error a misspelt key
      serverTranslate('signRequest.subjct'),
      // @ts-expect-error a pattern outside the server namespaces
      serverTranslate(`errors.${some}`),
      // @ts-expect-error a misspelt key in a union
      serverTranslate(`${kind}.smss`),
    ];
    expect(accepted).toHaveLength(8);
  });
});

describe("the English catalogue keeps the spec's exact wording", () => {
  const sections: [string, SpecMessage[]][] = [
    ['8.1 sign-up and sign-in', SIGN_UP_AND_SIGN_IN],
    ['8.2 upload and contractors', UPLOAD_AND_CONTRACTORS],
    ['8.3 signing', SIGNING],
    ['8.4 sign creation', SIGN_CREATION],
    ['8.5 video', VIDEO],
    ['8.6 documents, plan and payment', DOCUMENTS_PLAN_PAYMENT],
  ];
  describe.each(sections)('§%s', (_section, messages) => {
    it.each(messages.map((m) => [m.key, m] as const))('%s', (key, m) => {
      expect(isMessageKey(key)).toBe(true);
      expect(translate(key, m.values)).toBe(m.expected);
    });
  });
});

describe('the keys the API and the SPA skeleton rely on', () => {
  const serverErrors = [
    'errors.badRequest',
    'errors.validation',
    'errors.unauthorized',
    'errors.forbidden',
    'errors.notFound',
    'errors.routeNotFound',
    'errors.methodNotAllowed',
    'errors.conflict',
    'errors.invalidTransition',
    'errors.payloadTooLarge',
    'errors.unsupportedMediaType',
    'errors.internal',
    'errors.unavailable',
  ];

  it.each(serverErrors.map((k) => [k]))('has the server error %s in every language', (key) => {
    for (const locale of LOCALES) expect(catalogues[locale].has(key)).toBe(true);
  });

  it('shows the request id of an internal error in every language', () => {
    for (const locale of LOCALES) {
      expect(translate('errors.internal', { requestId: 'req-42' }, locale)).toContain('req-42');
    }
  });

  it.each([
    'app.name',
    'nav.home',
    'nav.signIn',
    'nav.signOut',
    'health.title',
    'health.ok',
    'health.degraded',
    'health.check',
    'home.welcome',
    'language.en',
    'language.ja',
    'language.ko',
  ])('has the UI key %s', (key) => {
    expect(isMessageKey(key)).toBe(true);
  });

  it('welcomes the user by name', () => {
    expect(translate('home.welcome', { name: 'Hanako' })).toBe('Welcome, Hanako');
    expect(translate('home.welcome', { name: '花子' }, 'ja')).toBe('ようこそ、花子さん');
    expect(translate('home.welcome', { name: '하나코' }, 'ko')).toBe('하나코님, 환영합니다');
  });
});

describe('languages and locales', () => {
  it('uses the URL prefixes en, jp and ko', () => {
    expect(LANGUAGES).toEqual(['en', 'jp', 'ko']);
  });

  it.each([
    ['en', 'en'],
    ['jp', 'ja'],
    ['ko', 'ko'],
    ['/jp/home/doc/signed', 'ja'],
    ['/ko', 'ko'],
    ['/en?x=1', 'en'],
    ['ja', undefined],
    ['fr', undefined],
    ['/home', undefined],
    ['', undefined],
  ])('reads the locale of %j as %j', (path, locale) => {
    expect(localeForPath(path)).toBe(locale);
  });

  it.each([
    ['en', 'en'],
    ['ja', 'jp'],
    ['ja-JP', 'jp'],
    ['ko', 'ko'],
    ['ko_KR', 'ko'],
    ['en-GB', 'en'],
    ['fr', 'en'],
  ])('gives the locale %j the URL prefix %j', (locale, prefix) => {
    expect(pathPrefixForLocale(locale)).toBe(prefix);
  });

  it('round-trips every URL prefix', () => {
    for (const lang of LANGUAGES) expect(pathPrefixForLocale(localeForPath(lang))).toBe(lang);
  });
});

describe('translate', () => {
  it('falls back to English, then to the key itself', () => {
    expect(translate('no.such.key', {}, 'ja')).toBe('no.such.key');
    expect(translate('errors', {}, 'en')).toBe('errors');
  });

  it('leaves a variable without a value visible', () => {
    expect(translate('auth.signUpFailed')).toBe('SignUp Failed... : {{errmsg}}');
  });
});

describe('contractor positions in words', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [101, '101st'],
  ])('%d is %s in English', (n, word) => {
    expect(ordinal(n, 'en')).toBe(word);
  });

  it('reads naturally in Japanese and Korean prompts', () => {
    expect(translate('contractors.positionPrompt', { nth: ordinal(2, 'ja') }, 'ja')).toBe(
      '2番目の契約者の署名位置を指定してください',
    );
    expect(translate('contractors.positionPrompt', { nth: ordinal(2, 'ko') }, 'ko')).toBe(
      '2번째 계약자의 서명 위치를 지정해 주세요',
    );
  });
});

describe('the catalogues in i18next', () => {
  it('resolve nested keys and interpolate in every language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources,
      lng: 'en',
      fallbackLng: 'en',
      defaultNS: DEFAULT_NAMESPACE,
      initAsync: false,
    });
    expect(i18n.t('upload.errors.tooLarge', { limitMb: 50 })).toBe(
      'Please check if you are trying to upload a file larger than 50MB',
    );
    await i18n.changeLanguage('ja');
    expect(i18n.t('registration.errors.underMinAge', { minAge: 18 })).toBe(
      'ご登録いただけるのは18歳以上の方のみです。',
    );
    await i18n.changeLanguage('ko');
    expect(i18n.t('errors.internal', { requestId: 'r1' })).toBe(
      '예기치 않은 오류가 발생했습니다. 잠시 후 다시 시도해 주세요. (요청 ID: r1)',
    );
  });

  it('give the same text as translate for every key and language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources,
      lng: 'en',
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    // Keys are enumerated at run time, so call t through its untyped signature.
    const t = i18n.t.bind(i18n) as unknown as (key: string, values: Record<string, string>) => string;
    for (const locale of LOCALES) {
      await i18n.changeLanguage(locale);
      for (const key of enKeys) {
        const vars = Object.fromEntries(
          interpolationVariables(catalogues.en.get(key) as string).map((v) => [v, `<${v}>`]),
        );
        expect(t(key, vars)).toBe(translate(key, vars, locale));
      }
    }
  });
});
