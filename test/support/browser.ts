// Browser harness for the e2e project: Debian's Chromium driven by playwright-core (no browser
// downloads). Each session gets a fresh profile directory, collects console errors and uncaught page
// errors, and saves a screenshot into .test-cloud/screenshots/ when a step fails.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = path.join(repoRoot, '.test-cloud', 'screenshots');

export interface BrowserOptions {
  /** Browser language (navigator.language). Default 'en-US'. */
  locale?: string;
  /** Extra Chromium flags, e.g. the fake camera flags for video pages. */
  extraArgs?: readonly string[];
  viewport?: { width: number; height: number };
  /** A phone: touch events and a coarse pointer (`(pointer: coarse)` media queries match). */
  touch?: boolean;
}

export interface ConsoleProblem {
  kind: 'console' | 'pageerror';
  text: string;
  url: string;
}

export interface BrowserSession {
  readonly context: BrowserContext;
  /** The first page of the context. */
  readonly page: Page;
  /** Console errors and uncaught exceptions seen so far, in every page of the session. */
  readonly problems: ConsoleProblem[];
  /** Problems not matched by any of `allowed` (e.g. an expected 400 from a wrong password). */
  unexpectedProblems(allowed?: readonly RegExp[]): ConsoleProblem[];
  /** Saves a full-page screenshot of every open page; returns the file paths. */
  screenshot(name: string): Promise<string[]>;
  /**
   * Runs a test body; when it throws, screenshots every page and adds the screenshot paths and the
   * console problems to the error message, then rethrows.
   */
  run(body: (page: Page) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export async function launchBrowser(options: BrowserOptions = {}): Promise<BrowserSession> {
  const profileDir = await mkdtemp(path.join(tmpdir(), 'signseal-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
      locale: options.locale ?? 'en-US',
      viewport: options.viewport ?? { width: 1280, height: 900 },
      ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
    });
  } catch (error) {
    await rm(profileDir, { recursive: true, force: true });
    throw error;
  }

  const problems: ConsoleProblem[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error')
        problems.push({ kind: 'console', text: message.text(), url: page.url() });
    });
    page.on('pageerror', (error) =>
      problems.push({ kind: 'pageerror', text: String(error), url: page.url() }),
    );
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  // Content-Security-Policy violations (issue #13) become console errors, so every journey that
  // checks its console problems also proves the SPA works under the CSP.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const page = context.pages()[0] ?? (await context.newPage());

  const screenshot = async (name: string): Promise<string[]> => {
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const base = name.replace(/[^\w-]+/g, '_').slice(0, 120);
    const files: string[] = [];
    for (const [index, open] of context.pages().entries()) {
      const file = path.join(SCREENSHOT_DIR, `${base}-${stamp}${index ? `-${index}` : ''}.png`);
      await open.screenshot({ path: file, fullPage: true }).then(
        () => files.push(file),
        () => undefined, // a closed or crashed page has nothing to show
      );
    }
    return files;
  };

  return {
    context,
    page,
    problems,
    unexpectedProblems: (allowed = []) => problems.filter((p) => !allowed.some((re) => re.test(p.text))),
    screenshot,
    async run(body) {
      try {
        await body(page);
      } catch (error) {
        const testName = expect.getState().currentTestName ?? 'e2e';
        const files = await screenshot(`FAILED ${testName}`);
        const details = [
          `url: ${page.url()}`,
          ...files.map((f) => `screenshot: ${path.relative(repoRoot, f)}`),
          ...problems.map((p) => `browser ${p.kind}: ${p.text}`),
        ].join('\n');
        if (error instanceof Error) {
          error.message = `${error.message}\n\n${details}`;
          throw error;
        }
        throw new Error(`${String(error)}\n\n${details}`);
      }
    },
    async close() {
      await context.close().catch(() => undefined);
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/** Opens `pathname` (e.g. '/en/') of the app under test in the session's page. */
export async function openApp(
  session: BrowserSession,
  pathname: string,
  appUrl = appBaseUrl(),
): Promise<Page> {
  await session.page.goto(new URL(pathname, appUrl).toString(), { waitUntil: 'domcontentloaded' });
  return session.page;
}

/** The app under test, from the e2e global set-up (or the environment). */
export function appBaseUrl(): string {
  const url = process.env.TEST_APP_URL;
  if (!url)
    throw new Error(
      'TEST_APP_URL is not set: run the e2e project through jest (its globalSetup starts the local cloud)',
    );
  return url;
}
