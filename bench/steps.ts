// The DynamoDB calls a use case made, recorded by bench/api.ts, grouped the way it made them.

export interface RecordedCall {
  command: string;
  input: unknown;
  /** performance.now() when the call was sent and when its answer arrived. */
  start: number;
  end: number;
}

/**
 * The recorded calls as the use case made them: in steps, each step's calls at once (a call that
 * started before any call of the current step answered ran concurrently with it).
 */
export function steps(calls: readonly RecordedCall[]): RecordedCall[][] {
  const out: RecordedCall[][] = [];
  for (const call of [...calls].sort((a, b) => a.start - b.start)) {
    const step = out.at(-1);
    if (step && call.start < Math.min(...step.map((c) => c.end))) step.push(call);
    else out.push([call]);
  }
  return out;
}
