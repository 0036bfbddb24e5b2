// The signer flow's machine (../machine.ts) wired to the API: the view's loading, the signing calls
// (one at a time) and the phone hand-off's link and polling. Each outcome is an event; the screens
// only read the state and call these actions. Routing's refusals (issue #28) of the view or of any
// later call end the flow on the refusal's page (../api/refusal.ts).
//
// This hook is in the signer page's first chunk, which a link used before its turn (or expired, or
// voided) is all a phone downloads: the document viewer (pdf.js, its worker, the PDF) and the
// screens' chunk are only asked for once the view says there is a document to show.
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../app/app-context';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { ApiError } from '../../../lib/api-client';
import { usePoll } from '../../video/hooks/use-poll';
import { loadSignerView } from '../api/load-view';
import { preloadScreens } from '../api/preload';
import { onRefusal, refusalOf } from '../api/refusal';
import {
  applySigns,
  createVideoMobileLink,
  delegateRequest,
  denySigning,
  fetchVideoStatus,
  signerAction,
  signerBase,
} from '../api/signer-api';
import { describeError } from '../messages';
import { missingFieldsOf } from '../fields';
import { endOnArrival, initialSignerState, screenOf, signerReducer, type SignerEvent } from '../machine';

export { signerScreensChunk } from '../api/preload';

/** The session check and sign-out (Amplify): their chunk only when there is something to sign. */
const session = () => import('../api/signer-session');

export interface ForwardInput {
  name: string;
  contact: string;
  reason: string;
}

export function useSignerFlow(docuId: string, token: string) {
  const { t } = useTranslation();
  const lang = useLang();
  const config = useAppConfig();
  const [state, send] = useReducer(signerReducer, initialSignerState);

  // Any later call of this link refused by routing: its page, whatever showed.
  useEffect(
    () => onRefusal(signerBase(docuId, token), (refusal) => send({ type: 'refused', refusal })),
    [docuId, token],
  );

  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      try {
        const view = await loadSignerView(docuId, token, controller.signal);
        if (controller.signal.aborted) return;
        preloadScreens(view);
        send({ type: 'viewLoaded', view });
        if (endOnArrival(view)) return;
        const { otherUserSignedIn } = await session();
        const otherUser = await otherUserSignedIn(config, view, docuId, token);
        if (!controller.signal.aborted) send({ type: 'identified', otherUser });
      } catch (err) {
        if (controller.signal.aborted) return;
        const refusal = refusalOf(err);
        if (refusal) return send({ type: 'refused', refusal });
        const invalidLink = err instanceof ApiError && (err.status === 404 || err.status === 400);
        send({ type: 'viewFailed', invalidLink, message: describeError(t, err) });
      }
    })();
    return () => controller.abort();
    // Loaded once per link; the language does not change the view.
  }, [docuId, token]);

  /** One signing call at a time: a double click must not send twice (state updates are async). */
  const inFlight = useRef(false);
  const run = async (call: () => Promise<SignerEvent>, onError?: (err: unknown) => void) => {
    if (inFlight.current) return;
    inFlight.current = true;
    send({ type: 'sending' });
    try {
      send(await call());
    } catch (err) {
      send({ type: 'sendFailed', message: describeError(t, err) });
      onError?.(err);
    } finally {
      inFlight.current = false;
    }
  };

  const openHandoff = async () => {
    send({ type: 'usePhone' });
    try {
      const link = await createVideoMobileLink(docuId, token);
      const phonePage = state.view?.kind === 'vcontract' ? paths.vcMobile : paths.vsignMobile;
      send({ type: 'phoneLinkMade', url: `${window.location.origin}${phonePage.getHref(lang, link.token)}` });
    } catch (err) {
      const errmsg = describeError(t, err);
      send({ type: 'phoneLinkFailed', message: t('video.recordingLink.failed', { errmsg }) });
    }
  };
  // The computer goes on by itself once the phone's video has arrived.
  usePoll(screenOf(state.name) === 'video' && Boolean(state.handoff?.url), async () => {
    const { video } = await fetchVideoStatus(docuId, token);
    if (!video || video.recordedAt === state.handoff?.before) return false;
    send({ type: 'phoneVideoArrived', video });
    return true;
  });

  return {
    state,
    send,
    /** Next: saves the applied signs. */
    saveSigns: () =>
      run(async () => {
        const signs = [...state.assigned].map(([areaIndex, signId]) => ({ areaIndex, signId }));
        return { type: 'signsSaved', view: await applySigns(docuId, token, { signs }) };
      }),
    /** Confirm in the terms; `onMissingFields` hears of required fields the server found empty. */
    agree: (onMissingFields?: (areaIndexes: number[]) => void) =>
      run(
        async () => {
          await signerAction(docuId, token, 'agree', lang);
          return { type: 'agreed' };
        },
        (err) => {
          const missing = missingFieldsOf(err);
          if (missing) onMissingFields?.(missing);
        },
      ),
    rejectTerms: () =>
      run(async () => {
        await signerAction(docuId, token, 'reject-terms', lang);
        return { type: 'termsRejected' };
      }),
    deny: (reason: string) =>
      run(async () => {
        await denySigning(docuId, token, reason, lang);
        return { type: 'signingDenied' };
      }),
    /** Forward to someone else: a refusal stays in the dialog, with what was typed. */
    forward: async (input: ForwardInput) => {
      if (inFlight.current) return;
      inFlight.current = true;
      send({ type: 'sending' });
      try {
        await delegateRequest(docuId, token, { ...input, lang });
        send({ type: 'forwarded', name: input.name });
      } catch (err) {
        send({ type: 'forwardFailed', message: describeError(t, err) });
      } finally {
        inFlight.current = false;
      }
    },
    openHandoff,
    logout: () => {
      send({ type: 'logout' });
      void session()
        .then(({ signOutHere }) => signOutHere(config))
        .then(() => window.location.reload());
    },
  };
}

export type SignerFlow = ReturnType<typeof useSignerFlow>;
