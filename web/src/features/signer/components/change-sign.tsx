// The change-sign popup (spec doc 1 §2, Edit Sign): one of the signer's signs, or a new one.
import { useTranslation } from 'react-i18next';
import type { SignerSign } from '../../../../../shared/api/schemas';
import { Modal } from './modal';

export function ChangeSign({
  signs,
  current,
  onChoose,
  onMake,
  onCancel,
}: {
  signs: readonly SignerSign[];
  current: string | null;
  onChoose: (signId: string) => void;
  onMake: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('signer.changeSignTitle')} onCancel={onCancel} testId="change-sign">
      {signs.length === 0 ? (
        <p>{t('signer.noSigns')}</p>
      ) : (
        <ul className="signer-sign-list">
          {signs.map((s, index) => (
            <li key={s.signId} className={s.signId === current ? 'selected' : undefined}>
              <img src={s.url} alt={t('signer.yourSign', { n: index + 1 })} />
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => onChoose(s.signId)}
              >
                {t('signer.useThisSign')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button-primary" onClick={onMake} data-testid="make-new-sign">
          {t('signer.makeNewSign')}
        </button>
      </div>
    </Modal>
  );
}
