// Vite builds the SPA from web/ into web/dist, which the local cloud (and CloudFront when deployed)
// serves. The sign-in and signed-in screens are lazy routes, so Amplify and its UI kit never load on
// the landing page.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// `vite --config web/vite.config.ts` serves the SPA with hot reload; /config.json and /api come from
// a running local cloud: SIGNSEAL_APP_URL=http://127.0.0.1:3000 (what `npm start` prints).
const appUrl = process.env.SIGNSEAL_APP_URL;

const BOOT_ENTRY = fileURLToPath(new URL('./src/boot.ts', import.meta.url));
const RECORD_SHELL = fileURLToPath(new URL('./record.html', import.meta.url));

/** The modules the boot script imports (found at the end of the build): one chunk, `boot-shared-*`. */
const bootModules = new Set<string>();

/**
 * The app shell's boot script (src/boot.ts, issue #33): an entry of its own, put first in index.html's
 * head as an async module with high priority, its imports preloaded right behind it, so that it runs
 * as soon as it arrives rather than after the app's entry chunks (an HTML file's module scripts are
 * one entry to Vite, run only once all of them have loaded). What it imports is one chunk, not a
 * request each (the app and the recording page import some of it too; they never run the boot script
 * itself). Build only: in development the app starts what it needs itself.
 */
/** The chunks a chunk imports statically, at any depth. */
function staticImports(bundle: OutputBundle, fileName: string): string[] {
  const found = new Set<string>();
  const visit = (name: string) => {
    const out = bundle[name];
    if (out?.type !== 'chunk') return;
    for (const file of out.imports) {
      if (!found.has(file)) {
        found.add(file);
        visit(file);
      }
    }
  };
  visit(fileName);
  return [...found];
}

function bootScript(): Plugin {
  return {
    name: 'signseal-boot-script',
    apply: 'build',
    buildEnd() {
      const closure = (start: string): Set<string> => {
        const seen = new Set<string>();
        const stack = [start];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (info) stack.push(...info.importedIds);
        }
        return seen;
      };
      bootModules.clear();
      for (const id of closure(BOOT_ENTRY)) {
        if (id !== BOOT_ENTRY && !id.includes('node_modules')) bootModules.add(id);
      }
    },
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
          ...staticImports(ctx.bundle, boot.fileName).map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'high', href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
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
        record: RECORD_SHELL,
        boot: BOOT_ENTRY,
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
              name: 'boot-shared',
              test: (id) => bootModules.has(id),
              priority: 4,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
