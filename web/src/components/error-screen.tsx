// A full-page message with an optional action: used for start-up failures and not-found pages, so the
// user never sees a blank page.
import type { ReactNode } from 'react';

interface ErrorScreenProps {
  title: string;
  message?: string;
  /** Extra detail for operators (shown small, e.g. what was wrong with /config.json). */
  detail?: string;
  action?: ReactNode;
}

export function ErrorScreen({ title, message, detail, action }: ErrorScreenProps) {
  return (
    <main className="error-screen" role="alert">
      <h1>{title}</h1>
      {message ? <p>{message}</p> : null}
      {detail ? <pre className="error-detail">{detail}</pre> : null}
      {action ? <div className="error-action">{action}</div> : null}
    </main>
  );
}
