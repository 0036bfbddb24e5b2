// One video completion in a process of its own, started by bench/video.ts (not meant to be run by
// hand): `video-child.ts <docuId> <token> <sessionId>` with the local cloud's handler environment.
// Prints one JSON line: the completion's time and the process's peak memory (VmHWM) before and after
// it, so that what the completion adds is seen apart from what loading the handler's code costs.
import fs from 'node:fs';

const peakMb = () => {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

const [docuId, token, sessionId] = process.argv.slice(2);
const { videoDeps } = await import('../lambdas/deps');
const { completeVideoSession } = await import('../lambdas/usecases/videos');
const deps = videoDeps();
const before = peakMb();
const started = performance.now();
const done = await completeVideoSession(deps, docuId!, token!, sessionId!, {
  ip: '127.0.0.1',
  userAgent: 'SignSealBench/1.0',
});
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ ms, before, after: peakMb(), sizeBytes: done.sizeBytes })}\n`);
