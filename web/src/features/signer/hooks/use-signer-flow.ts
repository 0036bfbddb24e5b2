// The signer flow's machine (../machine.ts) wired to the API: the view's loading, the signing calls
// (one at a time) and the phone hand-off's link and polling. Each outcome is an event; the screens
// only read the state and call these actions.
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../app/app-context';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { ApiError } from '../../../lib/api-client';
import { usePoll } from '../../video/hooks/use-poll';
import {
  applySigns,
  createVideoMobileLink,
  denySigning,
  fetchSignerView,
  fetchVideoStatus,
  signerAction,
} from '../api/signer-api';
import { otherUserSignedIn, signOutHere } from '../api/signer-session';
import { describeError } from '../messages';
import { missingFieldsOf } from '../fields';
import { endOnArrival, initialSignerState, screenOf, signerReducer, type SignerEvent } from '../machine';
import { preloadPdfjs } from '../components/pdf-pages';

/** Starts downloading pdf.js and its worker (once); the router calls it as soon as a link opens. */
export function preloadDocumentViewer(): void {
  void preloadPdfjs().catch(() => undefined);
}

export function useSignerFlow(docuId: string, token: string) {
  const { t } = useTranslation();
  const lang = useLang();
  const config = useAppConfig();
  const [state, send] = useReducer(signerReducer, initialSignerState);

  useEffect(() => {
    const controller = new AbortController();
    // The document viewer (pdf.js and its worker) downloads while the contract's view loads.
    preloadDocumentViewer();
    void (async () => {
      try {
        const view = await fetchSignerView(docuId, token, controller.signal);
        send({ type: 'viewLoaded', view });
        if (endOnArrival(view)) return;
        send({ type: 'identified', otherUser: await otherUserSignedIn(config, view) });
      } catch (err) {
        if (controller.signal.aborted) return;
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
    openHandoff,
    logout: () => {
      send({ type: 'logout' });
      void signOutHere(config).then(() => window.location.reload());
    },
  };
}
