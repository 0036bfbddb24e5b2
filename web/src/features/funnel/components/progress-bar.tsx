// The funnel's progress bar: Upload, Configuring Contractors, Set Position, Finalize.
import { useTranslation } from 'react-i18next';
import type { Evsign } from '../../../app/paths';
import { progressOf, type StepId } from '../steps';

export function ProgressBar({ evsign, current }: { evsign: Evsign; current: StepId }) {
  const { t } = useTranslation();
  const { labels, currentIndex } = progressOf(evsign, current);
  return (
    <nav aria-label={t('funnel.progress.label')}>
      <ol className="funnel-progress" data-testid="funnel-progress">
        {labels.map((key, index) => (
          <li
            key={key}
            className={index < currentIndex ? 'done' : index === currentIndex ? 'current' : undefined}
            aria-current={index === currentIndex ? 'step' : undefined}
          >
            <span className="funnel-progress-number" aria-hidden="true">
              {index + 1}
            </span>
            <span>{t(key)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
