// Previous and Next at the bottom of every funnel step.
import { useTranslation } from 'react-i18next';

interface StepNavProps {
  /** Null: Previous is disabled (the first step). */
  onPrevious: (() => void) | null;
  onNext: () => void;
  nextDisabled?: boolean;
  busy?: boolean;
  /** Replaces 'Next' (e.g. 'Send Request' on the last step). */
  nextLabel?: string;
}

export function StepNav({ onPrevious, onNext, nextDisabled, busy, nextLabel }: StepNavProps) {
  const { t } = useTranslation();
  return (
    <div className="funnel-nav">
      <button
        type="button"
        className="button button-secondary"
        disabled={onPrevious === null || busy}
        onClick={onPrevious ?? undefined}
      >
        {t('funnel.previous')}
      </button>
      <button
        type="button"
        className="button button-primary"
        disabled={nextDisabled || busy}
        aria-busy={busy || undefined}
        onClick={onNext}
        data-testid="funnel-next"
      >
        {nextLabel ?? t('funnel.next')}
      </button>
    </div>
  );
}
