// Messages that outlive the page that raised them, e.g. closing the account leaves 'Your account is
// closed successfully' on the landing page. The language layout shows them (components/flash-messages);
// leaving the page a message was shown on dismisses it.
import { useSyncExternalStore } from 'react';
import type { MessageKey } from '../../../shared/i18n';

export type FlashTone = 'info' | 'success' | 'warning';

export interface Flash {
  id: number;
  tone: FlashTone;
  /** Bold first line, as a message key. */
  titleKey?: MessageKey;
  messageKey: MessageKey;
  /** Test hook and de-duplication key, e.g. 'unauthorized'. */
  kind: string;
  /** The page it is shown on: given when raised before navigating there, else the first page it appears on. */
  page?: string;
  /** It has been on screen: leaving `page` now dismisses it. */
  seen: boolean;
}

let flashes: readonly Flash[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function set(next: readonly Flash[]): void {
  flashes = next;
  emit();
}

export const samePage = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** Shows a message (replacing one of the same kind). `showOn`: the page it is meant for. */
export function pushFlash(flash: Omit<Flash, 'id' | 'page' | 'seen'>, showOn?: string): number {
  const id = nextId++;
  set([...flashes.filter((f) => f.kind !== flash.kind), { ...flash, id, page: showOn, seen: false }]);
  return id;
}

export function dismissFlash(id: number): void {
  set(flashes.filter((f) => f.id !== id));
}

/** The messages to show on `pathname`. */
export function flashesFor(all: readonly Flash[], pathname: string): Flash[] {
  return all.filter((f) => f.page === undefined || samePage(f.page, pathname));
}

/** Called on each page change: marks the messages shown here, drops the ones seen on another page. */
export function flashPageChanged(pathname: string): void {
  let changed = false;
  const next: Flash[] = [];
  for (const f of flashes) {
    if (f.page === undefined) {
      next.push({ ...f, page: pathname, seen: true });
      changed = true;
    } else if (samePage(f.page, pathname)) {
      if (!f.seen) changed = true;
      next.push(f.seen ? f : { ...f, seen: true });
    } else if (f.seen) {
      changed = true; // left the page it was shown on
    } else {
      next.push(f); // still on its way to its page
    }
  }
  if (changed) set(next);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => flashes;

export function useFlashes(): readonly Flash[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
