// Runs `local/start.ts` as a child process (its own process group) and resolves with what it
// prints on its LOCAL_CLOUD_READY line. Used by the jest global setup and by the restart test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY = 'LOCAL_CLOUD_READY ';

export const FREE_PORTS = {
  PORT: '0',
  LOCAL_DYNAMODB_PORT: '0',
  LOCAL_S3_PORT: '0',
  LOCAL_SES_PORT: '0',
  LOCAL_COGNITO_PORT: '0',
  LOCAL_SQS_PORT: '0',
  LOCAL_CHAIN_PORT: '0',
  LOCAL_STRIPE_PORT: '0',
  LOCAL_TSA_PORT: '0',
  LOCAL_TSA_FALLBACK_PORT: '0',
  LOCAL_OCSP_PORT: '0',
};

export function childEnv(extra) {
  const env = { ...process.env, ...extra };
  delete env.NODE_OPTIONS; // jest's --experimental-vm-modules is not for the child
  delete env.NODE_ENV; // jest sets 'test', which would make Vite bundle React's development build
  return env;
}

/** Starts the local cloud; `dataDir` is relative to the repo root. */
export async function startCloudProcess({ dataDir, logFile, env = {}, timeoutMs = 240000 }) {
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    cwd: ROOT,
    env: childEnv({
      ...FREE_PORTS,
      LOCAL_DATA_DIR: dataDir,
      LOCAL_READY_JSON: '1',
      LOCAL_BUILD: 'auto',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stderr.pipe(log);
  const info = await new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () => reject(new Error(`local cloud not ready in ${timeoutMs / 1000} s; see ${logFile}`)),
      timeoutMs,
    );
    child.stdout.on('data', (chunk) => {
      log.write(chunk);
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith(READY));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(READY.length)));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local cloud exited (${code}) before it was ready; see ${logFile}`));
    });
  });
  return { child, info };
}

/** SIGTERM (the local cloud stops its emulators), then SIGKILL to the whole group if it hangs. */
export function stopCloudProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      resolve();
    }, 10000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
