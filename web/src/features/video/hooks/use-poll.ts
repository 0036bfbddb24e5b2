// The phone hand-off's polling (./components/phone-handoff.tsx): the computer asks whether the
// phone's video has arrived.
import { useEffect, useRef } from 'react';

/** How often the computer asks whether the phone's video has arrived. */
export const HANDOFF_POLL_MS = 2000;

/** Calls `check` every 2 s while `active` (one call at a time), until it answers true. */
export function usePoll(active: boolean, check: () => Promise<boolean>): void {
  const latest = useRef(check);
  latest.current = check;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      let done = false;
      try {
        done = await latest.current();
      } catch {
        // A failed poll (offline for a moment) is tried again.
      }
      if (!stopped && !done) timer = setTimeout(() => void tick(), HANDOFF_POLL_MS);
    };
    timer = setTimeout(() => void tick(), HANDOFF_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active]);
}
