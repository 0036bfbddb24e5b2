// The local cloud's share of sealing (issue #6): the service's sealing key, generated on first start
// and kept under the data folder (what Secrets Manager holds when deployed), and a timer that runs
// the sweep worker the way the EventBridge schedule does.
import fs from 'node:fs';
import path from 'node:path';
import { serializeServiceSigner } from '../lambdas/adapters/service-signer';
import { createServiceSigner } from '../lambdas/sealing';

/** The key file's path; created with a new self-signed certificate when missing. */
export function ensureServiceSigner(dataDir: string, log: (line: string) => void): string {
  const file = path.join(dataDir, 'seal', 'service-signer.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const signer = createServiceSigner('SignSeal local sealing');
    fs.writeFileSync(file, serializeServiceSigner(signer), { mode: 0o600 });
    log('Created the local sealing key (a self-signed certificate) in ' + path.relative(process.cwd(), file));
  }
  return file;
}

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
