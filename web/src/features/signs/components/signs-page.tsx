// /{lang}/home/sign, "Make New Sign / Stamp" (issue #17, spec doc 1 §2): the sign maker, the stamp
// maker and the sign manager (architecture §17). A lazy chunk of its own; the fonts load on first use.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/use-lang';
import { SignCreator } from './sign-creator';
import { SignManager } from './sign-manager';
import { StampCreator } from './stamp-creator';
import '../../signer/signer.css';
import '../signs.css';

export function SignsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  // Bumped after each save so the manager lists the new sign.
  const [version, setVersion] = useState(0);
  const saved = () => setVersion((v) => v + 1);
  return (
    <div className="signs-page" data-testid="signs-page">
      <h1>{t('signs.title')}</h1>
      <SignCreator defaultScript={lang === 'jp' ? 'ja' : lang === 'ko' ? 'ko' : 'en'} onSaved={saved} />
      <StampCreator onSaved={saved} />
      <SignManager version={version} />
    </div>
  );
}
