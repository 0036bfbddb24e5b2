// What follows every successful sign-in (e-mail, Google, LINE; spec doc 1 §4): record it with
// `POST /api/me/login`; a federated user who never gave the consents gets the consent step first
// (`POST /api/me/consents`); then the first sign-in ever goes to /{lang}/thankyou, any later one
// shows 'Logged in successfully.' and goes home (or back to the page that required the sign-in).
// A visitor who pressed Buy Now first (issue #29 item 1, decision 148) goes to Pay Plan with the plan
// and quantity chosen, whether this sign-in ends a sign-up or not.
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from 'aws-amplify/auth';
import type { ConsentsInput } from '../../../../../shared/api/schemas';
import type { Lang } from '../../../app/paths';
import { takePendingPayment } from '../../billing/purchase';
import { recordLogin, saveConsents, type LoginResponse } from '../api/account';
import { authHref } from '../hrefs';
import { announceSignedIn, setSessionUser } from '../session';

export interface AfterSignIn {
  /** Set while the consent step must be shown. */
  pendingConsents: LoginResponse | null;
  /** Call right after Amplify reports the sign-in. Throws (after signing out again) when the API refuses. */
  complete: () => Promise<void>;
  /** Saves the consent step's answers and carries on. */
  submitConsents: (consents: ConsentsInput) => Promise<void>;
  /** Gives up the consent step: the half-finished sign-in is ended. */
  cancelConsents: () => Promise<void>;
}

/** A visitor's Buy Now left a marker: the pay page of that plan, once, while fresh. */
function pendingPaymentHref(lang: Lang): string | undefined {
  try {
    return takePendingPayment(window.sessionStorage, lang);
  } catch {
    return undefined; // no storage
  }
}

export function useAfterSignIn(lang: Lang, from?: string): AfterSignIn {
  const navigate = useNavigate();
  const [pendingConsents, setPendingConsents] = useState<LoginResponse | null>(null);

  const finish = useCallback(
    (me: LoginResponse) => {
      const purchase = pendingPaymentHref(lang);
      if (me.firstLogin && !purchase) {
        void navigate(authHref.thankYou(lang), { replace: true });
      } else {
        const target = purchase ?? from ?? authHref.home(lang);
        announceSignedIn(target.split('?')[0]!);
        void navigate(target, { replace: true });
      }
    },
    [navigate, lang, from],
  );

  const complete = useCallback(async () => {
    let me: LoginResponse;
    try {
      me = await recordLogin();
    } catch (error) {
      await signOut().catch(() => undefined);
      throw error;
    }
    setSessionUser(me);
    if (me.consentsRequired) setPendingConsents(me);
    else finish(me);
  }, [finish]);

  const submitConsents = useCallback(
    async (consents: ConsentsInput) => {
      if (!pendingConsents) return;
      const updated = await saveConsents(consents, lang);
      setSessionUser(updated);
      setPendingConsents(null);
      finish(pendingConsents);
    },
    [pendingConsents, lang, finish],
  );

  const cancelConsents = useCallback(async () => {
    setPendingConsents(null);
    setSessionUser(null);
    await signOut().catch(() => undefined);
  }, []);

  return { pendingConsents, complete, submitConsents, cancelConsents };
}
