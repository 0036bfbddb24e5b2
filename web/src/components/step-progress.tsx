// A numbered step indicator (the creation funnel's progress bar, the signer flow's steps): steps
// before the current one are done, the current one is marked for assistive technology.
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../shared/i18n';

export interface StepProgressProps {
  /** Message keys of the steps' labels, in order. */
  readonly labels: readonly MessageKey[];
  /** Index of the current step. */
  readonly current: number;
  /** Message key of the navigation's accessible name. */
  readonly label: MessageKey;
  /** CSS class of the list; its numbers get `<classPrefix>-number`. */
  readonly classPrefix: string;
  readonly testId?: string;
}

export function StepProgress({ labels, current, label, classPrefix, testId }: StepProgressProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t(label)}>
      <ol className={classPrefix} data-testid={testId}>
        {labels.map((key, index) => (
          <li
            key={key}
            className={index < current ? 'done' : index === current ? 'current' : undefined}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className={`${classPrefix}-number`} aria-hidden="true">
              {index + 1}
            </span>
            <span>{t(key)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
