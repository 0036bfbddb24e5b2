// Vite builds the SPA from web/ into web/dist, which the local cloud (and CloudFront when deployed)
// serves. The sign-in and signed-in screens are lazy routes, so Amplify and its UI kit never load on
// the landing page.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';
import react from '@vitejs/plugin-react';
import { isLocale } from '../shared/i18n/core';
import { cataloguePart, isCataloguePart } from '../shared/i18n/parts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// `vite --config web/vite.config.ts` serves the SPA with hot reload; /config.json and /api come from
// a running local cloud: SIGNSEAL_APP_URL=http://127.0.0.1:3000 (what `npm start` prints).
const appUrl = process.env.SIGNSEAL_APP_URL;

const APP_SHELL = fileURLToPath(new URL('./index.html', import.meta.url));
const APP_SCRIPT = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const RECORD_SHELL = fileURLToPath(new URL('./record.html', import.meta.url));
const BOOT_ENTRY = fileURLToPath(new URL('./src/boot.ts', import.meta.url));

/**
 * The start-up chunks (issue #33), from the module graph at the end of the build: each HTML shell's
 * first requests are a few files, not one per shared module (23 files for the app shell before —
 * each a round trip over HTTP/1.1's six connections on a phone's 150 ms):
 * - `boot-shared`: what the boot script (src/boot.ts) imports that the recording page uses too (the
 *   paths, the catalogues' loaders, config.json's early read);
 * - `boot-signer`: what the boot script imports that the recording page never loads (a signer link's
 *   early view and what its answer starts);
 * - `shell`: what both shells load at once (i18next, zod, the API client, the language loader…);
 * - `app`: what only the app shell loads at once and the recording page never loads, even later.
 * React and its router stay chunks of their own (cached across releases).
 */
const startup = {
  'boot-shared': new Set<string>(),
  'boot-signer': new Set<string>(),
  shell: new Set<string>(),
  app: new Set<string>(),
};

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

/**
 * The app shell's boot script (src/boot.ts, issue #33): an entry of its own, put first in index.html's
 * head as an async module with high priority, its imports preloaded right behind it, so that it runs
 * as soon as it arrives rather than after the app's entry chunks (an HTML file's module scripts are
 * one entry to Vite, run only once all of them have loaded). Not in record.html: the recording page
 * starts its catalogue itself, and must not carry a signer link's early start. Build only: in
 * development the app starts what it needs itself. Also fills `startup` for the chunk groups.
 */
function bootScript(): Plugin {
  return {
    name: 'signseal-boot-script',
    apply: 'build',
    buildEnd() {
      const closure = (start: string, dynamic = false): Set<string> => {
        const seen = new Set<string>();
        const stack = [start];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (info) stack.push(...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : []));
        }
        return seen;
      };
      for (const set of Object.values(startup)) set.clear();
      const recordAtOnce = closure(RECORD_SHELL);
      const recordEver = closure(RECORD_SHELL, true);
      const boot = closure(BOOT_ENTRY);
      for (const id of boot) {
        if (id === BOOT_ENTRY || id.includes('node_modules')) continue;
        startup[recordEver.has(id) ? 'boot-shared' : 'boot-signer'].add(id);
      }
      // The shell's own script (src/main.tsx) stays its entry chunk's code: an entry chunk of imports
      // only would be dropped for script tags by Vite, and with it the shell's manifest entry.
      const entryScripts = new Set([APP_SHELL, APP_SCRIPT]);
      for (const id of closure(APP_SHELL)) {
        if (entryScripts.has(id) || boot.has(id)) continue;
        if (recordAtOnce.has(id)) startup.shell.add(id);
        else if (!recordEver.has(id) && !id.includes('node_modules')) startup.app.add(id);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || ctx.filename !== APP_SHELL) return undefined;
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

const CATALOGUE_PART = 'virtual:catalogue-part/';

/**
 * `virtual:catalogue-part/{part}/{locale}`: a locale's catalogue (its SPA and server files) cut down to
 * a part (shared/i18n/parts.ts), made from the JSON at each build so that it never goes stale.
 * `web/src/app/catalogues/{part}-{locale}.ts` import it, one chunk each.
 */
function catalogueParts(): Plugin {
  const json = (file: string) => fileURLToPath(new URL(`../shared/i18n/${file}`, import.meta.url));
  return {
    name: 'signseal-catalogue-parts',
    resolveId(id) {
      return id.startsWith(CATALOGUE_PART) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${CATALOGUE_PART}`)) return undefined;
      const [part, locale] = id.slice(CATALOGUE_PART.length + 1).split('/');
      if (!part || !isCataloguePart(part) || !isLocale(locale)) {
        throw new Error(`unknown catalogue part ${id.slice(1)}`);
      }
      const files = [json(`${locale}.json`), json(`server/${locale}.json`)];
      for (const file of files) this.addWatchFile(file);
      const [spa, server] = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as object);
      return `export default ${JSON.stringify(cataloguePart({ ...spa, ...server }, part))};`;
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react(), bootScript(), catalogueParts()],
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
        main: APP_SHELL,
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
            // The start-up chunks (`startup` above); includeDependenciesRecursively: false, since each
            // set is what its chunk must hold, no more (the sets are disjoint and closed by design).
            ...(Object.keys(startup) as (keyof typeof startup)[]).map((name) => ({
              name,
              test: (id: string) => startup[name].has(id),
              priority: name.startsWith('boot') ? 5 : 2,
              includeDependenciesRecursively: false,
            })),
          ],
        },
      },
    },
  },
});
