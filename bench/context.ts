// What every bench part receives, and where bench output goes (.bench/, git-ignored).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_DIR = path.join(ROOT, '.bench');

export interface BenchContext {
  /** How many times each figure is measured (its median and spread are printed). */
  readonly runs: number;
  /** Progress lines (stderr), so that stdout is the table alone. */
  readonly log: (line: string) => void;
  /** Seconds per autocannon run (api). */
  readonly durationSeconds: number;
  /** Contracts in the burst (bench/burst.ts, `--contracts N`). @default 1000 */
  readonly contracts?: number;
  /** Queue worker processes in the burst (`--workers N`). @default 2 */
  readonly workers?: number;
  /** `--no-kill`: the burst without its second run (a worker SIGKILLed mid-run). */
  readonly noKill?: boolean;
  /** burst: the run with a worker killed only. */
  readonly killOnly?: boolean;
}
