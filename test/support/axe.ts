// axe-core in the browser journeys: injects axe-core's own bundle (the pinned devDependency, read from
// node_modules, never a CDN) into the page and runs it; a journey asserts 0 critical or serious
// violations. Best-practice rules run too (scrollable-region-focusable is one of them).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

let source: string | undefined;

function axeSource(): string {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/** Runs axe-core on the page (or on `include`, a CSS selector) and answers every violation. */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  const ready = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  // Evaluated through the DevTools protocol, which the page's CSP (script-src 'self', no inline
  // scripts) does not govern: a <script> tag would be blocked, as it should be for the app itself.
  if (!ready) await page.evaluate(`${axeSource()}\n;window.axe = axe;`);
  return page.evaluate(async (context) => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResult> } }).axe;
    const result = await axe.run(context ? { include: [context] } : document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, include ?? null);
}

/** The critical and serious violations only: what a journey must keep at zero. */
export async function seriousAxeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  return (await axeViolations(page, include)).filter(
    (v) => v.impact === 'critical' || v.impact === 'serious',
  );
}
