// React.lazy for a chunk that a preload has usually fetched before the component first renders (the
// signer's screens: started by the contract's early view, features/signer/api/preload.ts). When the
// chunk is there, the component is handed over at once and React renders it without suspending: a
// suspension shows the fallback, then holds the content back until 300 ms after that fallback
// appeared (React's throttle on revealing a Suspense boundary) — 0.3 s on a phone's first screen
// for nothing (issue #33, docs/performance.md § Phone).
import { lazy, type ComponentType } from 'react';
import type { TrackedChunk } from './tracked-chunk';

/** `lazy(chunk)`, synchronous when the chunk has already arrived. */
export function lazyLoaded<M, P extends object>(chunk: TrackedChunk<M>, pick: (m: M) => ComponentType<P>) {
  return lazy(() => {
    const ready = chunk.loaded();
    if (ready === undefined) return chunk.load().then((m) => ({ default: pick(m) }));
    const module = { default: pick(ready) };
    // A thenable that answers at once: React.lazy resolves it before it would suspend.
    const now = { then: (resolve: (value: typeof module) => void) => resolve(module) };
    return now as unknown as Promise<typeof module>;
  });
}
