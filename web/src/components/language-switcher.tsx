// Links to the same page in each language (the language lives in the URL prefix).
import { Link } from 'react-router';
import { NATIVE_LANGUAGE_NAMES, type Locale } from '../../../shared/i18n/core';

export interface LanguageOption {
  /** URL prefix, e.g. 'jp'. */
  code: string;
  /** i18n locale, e.g. 'ja' (also the link's hrefLang). */
  locale: Locale;
  href: string;
  current: boolean;
}

export function LanguageSwitcher({ options }: { options: readonly LanguageOption[] }) {
  return (
    <nav className="language-switcher">
      <ul>
        {options.map((option) => (
          <li key={option.code}>
            <Link
              to={option.href}
              hrefLang={option.locale}
              lang={option.locale}
              aria-current={option.current ? 'true' : undefined}
              data-testid={`language-${option.code}`}
            >
              {/* Each language by its own name, so a reader can find theirs. */}
              {NATIVE_LANGUAGE_NAMES[option.locale]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
