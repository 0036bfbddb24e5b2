// The local cloud's share of sealing (issue #6): a timer that runs the sweep worker the way the
// EventBridge schedule does. The sealing key and its certificate come from the local CA since issue
// #30 (local/trust/ca.ts).

export interface SweepTimer {
  stop(): Promise<void>;
}

/** Runs lambdas/workers/sweep.ts every `everySeconds`, one run at a time. */
export function startSweepTimer(everySeconds: number, log: (line: string) => void): SweepTimer {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const { handler } = await import('../lambdas/workers/sweep');
        await handler();
      } catch (err) {
        log(`The sweep failed: ${String(err)}`);
      }
    });
  }, everySeconds * 1000);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
