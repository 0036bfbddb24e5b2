// Start-up: read /config.json, wire the API client and Amplify to it, then render the router. A
// broken configuration shows a translated error screen instead of a blank page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { currentIdToken } from './app/amplify';
import { AppConfigContext } from './app/app-context';
import { loadConfig } from './app/config';
import { i18n } from './app/i18n';
import { createAppRouter, prefetchDataForPath, prefetchForPath } from './app/router';
import { renderStartupError } from './app/startup-error';
import { configureApiClient } from './lib/api-client';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

async function start(): Promise<void> {
  prefetchForPath(window.location.pathname);
  try {
    const config = await loadConfig();
    configureApiClient({ apiBase: config.apiBase, getIdToken: () => currentIdToken(config) });
    prefetchDataForPath(window.location.pathname, config.apiBase);
    const router = createAppRouter(config);
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <AppConfigContext.Provider value={config}>
            <RouterProvider router={router} />
          </AppConfigContext.Provider>
        </I18nextProvider>
      </StrictMode>,
    );
  } catch (error) {
    await renderStartupError(root, error);
  }
}

void start();
