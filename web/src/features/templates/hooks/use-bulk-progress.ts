// A bulk send's progress (issue #27 item 6): read at once when the page opens with a bulk id (a reload
// or a link), then every 2 s while it runs; polling stops when the send is done, when the id changes,
// when the page unmounts, and on a refusal (4xx: not found, not the owner's). A failed read (network,
// 5xx) is tried again after the same pause. An answer from sending or retrying replaces it at once.
import { useCallback, useEffect, useState } from 'react';
import type { BulkProgress } from '../../../../../shared/api/schemas/bulk';
import { ApiError } from '../../../lib/api-client';
import { getBulkProgress } from '../api/bulk-api';

export const BULK_POLL_MS = 2000;

export interface BulkProgressState {
  progress: BulkProgress | null;
  /** The last read's failure. */
  error: unknown;
  /** An answer from sending or retrying, which polling continues from. */
  update: (progress: BulkProgress) => void;
}

const refused = (e: unknown) => e instanceof ApiError && e.status >= 400 && e.status < 500;

export function useBulkProgress(templateId: string, bulkId: string | null): BulkProgressState {
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [error, setError] = useState<unknown>(null);
  /** Counts the reads answered, so the effect schedules the next one after each. */
  const [reads, setReads] = useState(0);
  const current = progress?.bulkId === bulkId ? progress : null;
  const running = bulkId !== null && (current === null || current.status === 'running') && !refused(error);

  useEffect(() => {
    if (!bulkId || !running) return;
    const abort = new AbortController();
    const timer = window.setTimeout(
      () => {
        getBulkProgress(templateId, bulkId, abort.signal)
          .then((p) => {
            setError(null);
            setProgress(p);
          })
          .catch((e: unknown) => {
            if (!abort.signal.aborted) setError(e);
          })
          .finally(() => {
            if (!abort.signal.aborted) setReads((n) => n + 1);
          });
      },
      reads === 0 && !current ? 0 : BULK_POLL_MS,
    );
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
    // `reads` re-arms the timer after each answer; `current` only sets the first delay.
  }, [templateId, bulkId, running, reads]);

  const update = useCallback((p: BulkProgress) => {
    setError(null);
    setProgress(p);
    setReads((n) => n + 1);
  }, []);
  return { progress: current, error, update };
}
