// Loads a comment thread and keeps it in step with the viewer's own changes. A thread the plan does
// not include (403 comments.errors.notIncluded) or a link the routing refuses is "hidden": the page
// shows no comments at all rather than an error.
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { loadThread, type CommentThread, type ThreadSource } from './api';

export type ThreadState =
  | { status: 'loading' }
  | { status: 'hidden' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; thread: CommentThread };

export function useThread(source: ThreadSource) {
  const [state, setState] = useState<ThreadState>({ status: 'loading' });
  const key = source.kind === 'owner' ? source.docuId : `${source.docuId}/${source.token}`;
  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const thread = await loadThread(source, signal);
        if (!signal?.aborted) setState({ status: 'ready', thread });
      } catch (error) {
        if (signal?.aborted) return;
        const hidden =
          error instanceof ApiError && (error.status === 403 || error.status === 404 || error.status === 409);
        setState(hidden ? { status: 'hidden' } : { status: 'failed', error });
      }
    },
    [key],
  );
  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);
  return { state, setState, reload };
}
