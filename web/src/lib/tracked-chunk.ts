// A chunk's loader that remembers the module once it has arrived, so that a page can render it without
// waiting a turn (./lazy-loaded.ts). No imports: the boot script carries it (features/signer/api/preload.ts).

export interface TrackedChunk<M> {
  load(): Promise<M>;
  /** The module, if it has arrived. */
  loaded(): M | undefined;
}

export function trackedChunk<M>(load: () => Promise<M>): TrackedChunk<M> {
  let module: M | undefined;
  return {
    load: () =>
      load().then((m) => {
        module = m;
        return m;
      }),
    loaded: () => module,
  };
}
