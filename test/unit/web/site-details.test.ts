// The operator's details on the public pages (issue #29 item 5): each shown only when configured and
// well-formed; nothing example-like by default.
import {
  blogHref,
  companyLines,
  siteDetailsFrom,
  SITE,
  telHref,
} from '../../../web/src/features/public/site-details';
import {
  forgetSignUpProvider,
  rememberSignUpProvider,
  takeGoogleSignUp,
} from '../../../web/src/features/auth/sign-up-provider';

describe('site details', () => {
  it('shows nothing when nothing is configured (no blog link, no company lines)', () => {
    const empty = siteDetailsFrom({});
    expect(empty).toEqual({ blog: {}, company: {} });
    expect(blogHref('en', empty)).toBeUndefined();
    expect(companyLines(empty)).toEqual([]);
    // The build under test has none either: no placeholder is shown by default.
    expect(JSON.stringify(SITE)).not.toMatch(/example|0000|lorem/i);
  });

  it('reads the blog per language (Korean falls back to English) and the company details', () => {
    const site = siteDetailsFrom({
      VITE_BLOG_URL_EN: ' https://blog.signseal.jp/en ',
      VITE_BLOG_URL_JA: 'https://blog.signseal.jp/ja',
      VITE_COMPANY_NAME: 'SignSeal K.K.',
      VITE_COMPANY_ADDRESS: '1-1 Marunouchi, Tokyo',
      VITE_SUPPORT_EMAIL: 'help@signseal.jp',
      VITE_COMPANY_PHONE: '+81 3-1234-5678',
    });
    expect(site.blog).toEqual({
      en: 'https://blog.signseal.jp/en',
      jp: 'https://blog.signseal.jp/ja',
      ko: 'https://blog.signseal.jp/en',
    });
    expect(companyLines(site)).toEqual([
      'SignSeal K.K.',
      '1-1 Marunouchi, Tokyo',
      'help@signseal.jp',
      '+81 3-1234-5678',
    ]);
    expect(telHref('+81 3-1234-5678')).toBe('tel:+81312345678');
  });

  it('drops values that are not what they claim to be', () => {
    const site = siteDetailsFrom({
      VITE_BLOG_URL_EN: 'javascript:alert(1)',
      VITE_BLOG_URL_JA: 'not a url',
      VITE_SUPPORT_EMAIL: 'no-at-sign',
      VITE_COMPANY_PHONE: 'call us',
      VITE_COMPANY_ADDRESS: '   ',
    });
    expect(site).toEqual({ blog: {}, company: {} });
  });
});

describe('the Google sign-up marker', () => {
  it('is read once, and only a Google sign-up shows the sign-up success line', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    rememberSignUpProvider(storage, 'Google');
    expect(takeGoogleSignUp(storage)).toBe(true);
    expect(takeGoogleSignUp(storage)).toBe(false);
    rememberSignUpProvider(storage, 'LINE');
    expect(takeGoogleSignUp(storage)).toBe(false);
    rememberSignUpProvider(storage, 'Google');
    forgetSignUpProvider(storage);
    expect(takeGoogleSignUp(storage)).toBe(false);
  });
});
