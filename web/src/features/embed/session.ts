// Embedded signing (issue #31 item 4, decision 160): the session the embedded page was served for and
// the messages it sends to its parent. The server writes the session's exact parent origin and the
// recipient into the shell (lambdas/handlers/embed.ts); the page never takes them from its URL, so
// nothing a visitor can change decides where the messages go. Messages carry the document and the
// recipient, never a token, and always name their target origin (never '*').
import { createContext, useContext, useEffect, useRef } from 'react';
import type { EmbedEventMessage, EmbedEventType } from '../../../../shared/domain/embed';

export interface EmbedSession {
  /** The exact origin the session was made for: the only window that hears the page. */
  readonly parentOrigin: string;
  readonly recipientIndex: number;
}

const ORIGIN = /^https?:\/\/[^/\s?#]+$/;

/** The session written into this page's shell, or null (not an embedded page). */
export function readEmbedSession(doc: Document = document): EmbedSession | null {
  const parent = doc.querySelector('meta[name="signseal-embed-parent"]')?.getAttribute('content') ?? '';
  const index = doc.querySelector('meta[name="signseal-embed-recipient"]')?.getAttribute('content') ?? '';
  if (!ORIGIN.test(parent) || !/^\d{1,4}$/.test(index)) return null;
  return { parentOrigin: parent, recipientIndex: Number(index) };
}

/** Sends one event to the parent window at the session's exact origin. */
export function postEmbedEvent(
  session: EmbedSession,
  docuId: string,
  type: EmbedEventType,
  code?: string,
  target: Window = window.parent,
): void {
  // Opened on its own (not in a frame): nobody to tell.
  if (typeof window !== 'undefined' && target === window) return;
  const message: EmbedEventMessage = {
    type,
    docuId,
    recipientIndex: session.recipientIndex,
    ...(code ? { code } : {}),
  };
  target.postMessage(message, session.parentOrigin);
}

export const EmbedContext = createContext<EmbedSession | null>(null);

/** The embedded session, when the signer flow runs inside another site's frame. */
export function useEmbed(): EmbedSession | null {
  return useContext(EmbedContext);
}

/** The event (and error code) a signer flow's state means for the parent, if any. */
export function embedEventOf(state: string): { type: EmbedEventType; code?: string } | null {
  switch (state) {
    case 'completed':
      return { type: 'signseal:signed' };
    case 'signingDenied':
    case 'legalDenied':
      return { type: 'signseal:denied' };
    case 'invalidLink':
      return { type: 'signseal:error', code: 'signing.errors.invalidLink' };
    case 'loadFailed':
      return { type: 'signseal:error', code: 'embed.errors.loadFailed' };
    case 'refused':
      return { type: 'signseal:error', code: 'embed.errors.refused' };
    case 'closed':
    case 'alreadyAgreed':
    case 'alreadyDenied':
    case 'forwarded':
      return { type: 'signseal:error', code: 'embed.errors.closed' };
    default:
      return null;
  }
}

/** Tells the parent once when the flow reaches an outcome (embedded pages only). */
export function useEmbedOutcome(docuId: string, state: string): void {
  const session = useEmbed();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!session) return;
    const event = embedEventOf(state);
    if (!event || sent.current === state) return;
    sent.current = state;
    postEmbedEvent(session, docuId, event.type, event.code);
  }, [session, docuId, state]);
}
