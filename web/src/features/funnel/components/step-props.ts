import type { Lang } from '../../../app/paths';
import type { DocumentView } from '../api/documents';

/** What every funnel step gets from the funnel page. */
export interface StepProps {
  doc: DocumentView;
  lang: Lang;
  /** The document as the last save returned it. */
  onSaved: (doc: DocumentView) => void;
  /** Null when Previous is disabled. */
  onPrevious: (() => void) | null;
}
