// Vite builds the SPA from web/ into web/dist, which the local cloud (and CloudFront when deployed)
// serves. The sign-in and signed-in screens are lazy routes, so Amplify and its UI kit never load on
// the landing page.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// `vite --config web/vite.config.ts` serves the SPA with hot reload; /config.json and /api come from
// a running local cloud: SIGNSEAL_APP_URL=http://127.0.0.1:3000 (what `npm start` prints).
const appUrl = process.env.SIGNSEAL_APP_URL;

/**
 * The app shell's boot script (src/boot.ts, issue #33): an entry of its own, put first in index.html's
 * head as an async module with high priority, with its few imports preloaded right behind it, so that
 * it runs as soon as it arrives rather than after the app's entry chunks (an HTML file's module scripts
 * are one entry to Vite, run only once all of them have loaded). Build only: in development the app
 * starts what it needs itself.
 */
function bootScript(): Plugin {
  return {
    name: 'signseal-boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('/index.html')) return undefined;
        const boot = Object.values(ctx.bundle).find(
          (out) => out.type === 'chunk' && out.isEntry && out.name === 'boot',
        );
        if (boot?.type !== 'chunk') throw new Error('the boot entry (src/boot.ts) is missing from the build');
        return [
          {
            tag: 'script',
            attrs: {
              type: 'module',
              async: true,
              crossorigin: true,
              fetchpriority: 'high',
              src: `/${boot.fileName}`,
            },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react(), bootScript()],
  resolve: {
    // zod with `jitless` set first, so that it never probes eval under the CSP (src/app/zod-jitless.ts).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/app/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: {
    // web/src imports ../shared (i18n catalogues, API schemas).
    fs: { allow: [repoRoot] },
    proxy: appUrl ? { '/api': appUrl, '/config.json': appUrl } : undefined,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Amplify's UI kit alone is ~500 KB; it lives in the login route's chunks, not the landing one.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // The app shell, and the lean shell of the phone's recording page (shared/web/shells.ts).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        record: fileURLToPath(new URL('./record.html', import.meta.url)),
        boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)),
      },
      output: {
        // pdf.js's worker ships as .mjs: emit it as .js, a type every server and CloudFront's
        // compression know as JavaScript (S3 may serve an unknown .mjs as application/octet-stream).
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.mjs'))
            ? 'assets/[name]-[hash].js'
            : 'assets/[name]-[hash][extname]',
        codeSplitting: {
          // React and its router change rarely: chunks that stay cached across releases (the router's
          // apart, since the recording page's shell has none). Amplify stays in the lazy login/home
          // chunks.
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
            // The boot script's few modules (src/boot.ts): one file, not one request each.
            {
              name: 'boot',
              test: /web[\\/]src[\\/](?:boot|app[\\/](?:early-config|catalogue-chunks|paths)|features[\\/]signer[\\/](?:link|arrival|api[\\/](?:early-view|preload|signer-path))|features[\\/]funnel[\\/]components[\\/]pdf-loader)\.tsx?$|shared[\\/]i18n[\\/]core\.ts$/,
              priority: 4,
            },
          ],
        },
      },
    },
  },
});
