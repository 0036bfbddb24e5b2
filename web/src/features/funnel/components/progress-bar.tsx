// The funnel's progress bar: Upload, Configuring Contractors, Set Position, (Video Sign,) Finalize.
import { StepProgress } from '../../../components/step-progress';
import type { Evsign } from '../../../app/paths';
import { progressOf, type StepId } from '../steps';

export function ProgressBar({ evsign, current }: { evsign: Evsign; current: StepId }) {
  const { labels, currentIndex } = progressOf(evsign, current);
  return (
    <StepProgress
      labels={labels}
      current={currentIndex}
      label="funnel.progress.label"
      classPrefix="funnel-progress"
      testId="funnel-progress"
    />
  );
}
