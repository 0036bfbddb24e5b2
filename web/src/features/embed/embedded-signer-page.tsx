// The embedded signer page (issue #31 item 4): the normal signer flow, E-Sign and Video Sign, inside
// another site's frame. No site header or footer and no link that would leave the flow; outcomes go
// to the parent window (./session.ts). A page opened without its session (not served by the embed
// route) says so instead of signing.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SignerPage } from '../signer/components/signer-page';
import { EmbedContext, readEmbedSession } from './session';
import './embed.css';

export function EmbeddedSignerPage() {
  const { t } = useTranslation();
  const session = useMemo(() => readEmbedSession(), []);
  if (!session) {
    return (
      <main className="embed-page signer-page" data-testid="embed-no-session">
        <h1>{t('embed.page.noSession')}</h1>
      </main>
    );
  }
  return (
    <div className="embed-page" data-testid="embed-page">
      <EmbedContext.Provider value={session}>
        <SignerPage />
      </EmbedContext.Provider>
    </div>
  );
}
