// The names the Scheduler port accepts (lambdas/ports.ts Scheduler), checked alike by the AWS
// adapter and the local one, so a name that works locally also works in EventBridge Scheduler.

/** EventBridge Scheduler's own rule for a schedule's name: 1 to 64 of [0-9A-Za-z-_.]. */
export const SCHEDULE_NAME = /^[0-9A-Za-z_.-]{1,64}$/;

/** Throws unless `name` is a schedule name both adapters accept (a use case's bug, never a user's). */
export function assertScheduleName(name: string): void {
  if (typeof name !== 'string' || !SCHEDULE_NAME.test(name)) {
    throw new Error(
      `Not a schedule name: ${JSON.stringify(String(name).slice(0, 80))} (1 to 64 of 0-9 A-Z a-z - _ .)`,
    );
  }
}
