// The local cloud for the bench parts that need one: started once per `npm run bench` as a child
// process (test/support/spawn-cloud.mjs, the same as the integration tests), with the environment
// the test helpers read (test/support/cloud-client.ts, documents.ts).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, startCloudProcess, stopCloudProcess, type CloudInfo } from '../test/support/spawn-cloud.mjs';

/** Requests a minute per API key in the bench's cloud: more than 50 clients can make (bench/api.ts). */
const BENCH_API_KEY_RATE = '10000000';

export interface BenchCloud {
  info: CloudInfo;
  runDir: string;
  stop(): Promise<void>;
}

let running: Promise<BenchCloud> | undefined;

/** The test fixtures assert with jest's `expect`; outside jest a bench needs only these two. */
function installExpect(): void {
  const g = globalThis as { expect?: unknown };
  if (g.expect) return;
  g.expect = (actual: unknown) => ({
    toBe(expected: unknown) {
      if (actual !== expected)
        throw new Error(`bench setup: expected ${String(expected)}, got ${String(actual)}`);
    },
    toBeLessThan(limit: number) {
      if (!((actual as number) < limit))
        throw new Error(`bench setup: expected < ${limit}, got ${String(actual)}`);
    },
  });
}

/** Starts the local cloud (once) and points the test helpers at it. */
export function benchCloud(log: (line: string) => void): Promise<BenchCloud> {
  running ??= launchBenchCloud(log);
  return running;
}

/** Starts a local cloud of its own (`name` its folder, `env` on top of the bench's) and points the
 *  test helpers at it; the caller stops it. The burst bench runs one without in-process pollers. */
export async function launchBenchCloud(
  log: (line: string) => void,
  env: Record<string, string> = {},
  name = `cloud-${process.pid}`,
): Promise<BenchCloud> {
  const runDir = path.join(ROOT, '.bench', name);
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  log('starting the local cloud…');
  const started = Date.now();
  // The API and the workers only: the SPA is not needed (and `spa` builds its own copy).
  const hasSpa = fs.existsSync(path.join(ROOT, 'web/dist/index.html'));
  const { child, info } = await startCloudProcess({
    dataDir: path.relative(ROOT, path.join(runDir, 'data')),
    logFile: path.join(runDir, 'local-cloud.log'),
    // The bench owners send many contracts (issue #18 entitlements): as the test cloud. The REST v1
    // row (bench/api.ts) puts 50 clients on one API key: its per-key rate must not refuse them.
    env: {
      LOCAL_BUILD: hasSpa ? 'auto' : 'never',
      LOG_LEVEL: 'warn',
      TRIAL_CONTRACTS: '1000',
      API_KEY_RATE_PER_MINUTE: BENCH_API_KEY_RATE,
      // The cost part reads what the cloud counted (local/meter.ts); counting costs the others nothing.
      LOCAL_METER: '1',
      ...env,
    },
  });
  log(`local cloud ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${info.appUrl})`);
  Object.assign(process.env, info.handlerEnv, {
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    LOG_LEVEL: 'warn',
    TEST_APP_URL: info.appUrl,
    TEST_MAILBOX_URL: info.mailboxUrl,
    TEST_COGNITO_ENDPOINT: info.endpoints.cognito,
    USER_POOL_CLIENT_ID: info.resources.userPoolClientId,
    // The bench's own use-case calls (recorded, then replayed bare) count against the same limit.
    API_KEY_RATE_PER_MINUTE: BENCH_API_KEY_RATE,
  });
  installExpect();
  return {
    info,
    runDir,
    stop: async () => {
      await stopCloudProcess(child);
      // The cloud's log outlives the run (the last one per part name), for a run that went wrong.
      const kept = path.join(ROOT, '.bench', `${name.replace(/-\d+$/, '')}-cloud.log`);
      if (fs.existsSync(path.join(runDir, 'local-cloud.log')))
        fs.copyFileSync(path.join(runDir, 'local-cloud.log'), kept);
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}

/** Stops the cloud if a part started it. */
export async function stopBenchCloud(): Promise<void> {
  if (!running) return;
  const cloud = await running.catch(() => undefined);
  running = undefined;
  await cloud?.stop();
}
