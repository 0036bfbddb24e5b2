// The shell of the phone's video recording page, record.html (issue #15): `/{lang}/vsign_mobile/{token}`
// (a video contract's: `/{lang}/vc_mobile/{token}`, issue #16)
// is opened from a QR code, on a phone, usually over a mobile network, so it loads only what it shows:
// React, i18next with the page's one catalogue, the API client and the recorder — no router, no
// app shell (shared/web/shells.ts says which paths get it; docs/performance.md has its figures).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RECORD_CATALOGUES } from './app/catalogue-chunks';
import { loadConfig } from './app/config';
import { i18n, localeOf, switchLocale } from './app/i18n';
import { detectLang, isLang } from './app/paths';
import { renderStartupError } from './app/startup-error';
import { MobileRecordingPage } from './features/video/components/mobile-page';
import { configureApiClient } from './lib/api-client';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from record.html');
const root = createRoot(container);

/** The token of `/{lang}/{vsign|vc}_mobile/{token}`, decoded as the router would. */
function tokenOf(pathname: string): string {
  const raw = pathname.split('/')[3] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

async function start(): Promise<void> {
  const prefix = window.location.pathname.split('/')[1];
  // The catalogue (this page's part of it) and config.json are fetched together.
  const language = switchLocale(localeOf(isLang(prefix) ? prefix : detectLang()), RECORD_CATALOGUES);
  try {
    const config = await loadConfig();
    await language;
    // The recording link's token is the credential: nobody signs in here (no ID token).
    configureApiClient({ apiBase: config.apiBase });
    const title =
      window.location.pathname.split('/')[2] === 'vc_mobile' ? 'titles.vcMobile' : 'titles.vsignMobile';
    document.title = `${i18n.t(title)} | ${i18n.t('app.name')}`;
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <MobileRecordingPage token={tokenOf(window.location.pathname)} />
        </I18nextProvider>
      </StrictMode>,
    );
  } catch (error) {
    await renderStartupError(root, error, RECORD_CATALOGUES);
  }
}

void start();
