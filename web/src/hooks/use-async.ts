// A minimal data-loading hook (no query library yet): runs `load` when `key` changes, aborts the
// previous run, and exposes loading / success / error.
import { useEffect, useState } from 'react';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, key: string): AsyncState<T> {
  const [state, setState] = useState<{ key: string; value: AsyncState<T> }>({
    key,
    value: { status: 'loading' },
  });

  // `load` is expected to change only with `key`, so `key` alone drives the effect.
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, value: { status: 'success', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, value: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key]);

  return state.key === key ? state.value : { status: 'loading' };
}
