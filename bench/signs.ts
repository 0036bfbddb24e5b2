// The sign maker's Auto Generation (issue #17): how soon the six candidates follow the typing. Debian's
// Chromium (desktop, unthrottled) opens a signer link of a sent contract on the local cloud, opens
// Edit Sign → Make New Sign → Auto Generation, picks the language and types a name. Times are the
// page's own clock: from the last keystroke (its `input` event) to the six candidates on screen
// (the candidate list naming the typed text, every image decoded). "First" is in a fresh profile:
// the handwriting fonts are fetched then (the tab preloads their CSS when it opens; the browser
// fetches only the unicode ranges the name needs); "after an edit" is one more character typed.
import type { Page } from 'playwright-core';
import { benchCloud } from './cloud';
import type { BenchContext } from './context';
import { row, type Row } from './stats';

export const CANDIDATES_TARGET_MS = 300;

const NAMES = {
  en: { family: 'Johnson', more: 'e' },
  ja: { family: '山田', more: '花' },
  ko: { family: '김민', more: '준' },
} as const;
type Script = keyof typeof NAMES;

/** Installed before the app runs: the time of the latest `input` event. */
function watchInput() {
  document.addEventListener(
    'input',
    () => ((window as unknown as { __lastInput: number }).__lastInput = performance.now()),
    true,
  );
}

/** Resolves with the ms from the last input to six decoded candidates of a text containing `text`. */
function candidatesShown(page: Page, text: string): Promise<number> {
  const shown = page.evaluate(
    (expected) =>
      new Promise<number>((resolve, reject) => {
        const done = () => {
          const list = document.querySelector<HTMLElement>('.signer-candidates');
          if (!list?.dataset.signText?.includes(expected)) return false;
          const images = [...list.querySelectorAll('img')];
          if (images.length !== 6 || !images.every((i) => i.complete && i.naturalWidth > 0)) return false;
          resolve(performance.now() - (window as unknown as { __lastInput: number }).__lastInput);
          return true;
        };
        // Checked every frame: an image's decoding ends without any DOM mutation.
        const frame = () => {
          if (!done()) requestAnimationFrame(frame);
        };
        frame();
        setTimeout(() => {
          const list = document.querySelector<HTMLElement>('.signer-candidates');
          const state = list
            ? `"${list.dataset.signText}", ${list.querySelectorAll('img').length} images`
            : 'no list';
          reject(new Error(`no candidates for ${expected} within 30 s (${state})`));
        }, 30_000);
      }),
    text,
  );
  // Awaited after the typing: until then a failure must not be an unhandled rejection.
  shown.catch(() => undefined);
  return shown;
}

async function measureOnce(appUrl: string, link: string, script: Script) {
  const { launchBrowser } = await import('../test/support/browser');
  const { text } = await import('../test/e2e/catalogue');
  const t = (key: string) => text('en', key);
  const session = await launchBrowser();
  try {
    const { page, context } = session;
    await context.addInitScript({ content: `globalThis.__name = (f) => f; (${watchInput.toString()})();` });
    await page.goto(new URL(link, appUrl).toString());
    const request = page.getByTestId('sign-request');
    await request.waitFor({ state: 'visible', timeout: 60_000 });
    await request.getByRole('button', { name: t('signer.sign'), exact: true }).click();
    await page.getByTestId('edit-sign').click();
    await page.getByTestId('make-new-sign').click();
    const maker = page.getByTestId('sign-maker');
    await maker.getByRole('tab', { name: t('signer.maker.auto') }).click();
    await maker.getByRole('combobox').selectOption(script);
    const family = maker.getByTestId('auto-family');
    const name = NAMES[script];
    let shown = candidatesShown(page, name.family);
    await family.pressSequentially(name.family, { delay: 60 });
    const first = await shown;
    shown = candidatesShown(page, name.family + name.more);
    await family.pressSequentially(name.more);
    const edit = await shown;
    return { first, edit };
  } catch (error) {
    const files = await session.screenshot('bench-signs');
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}; screenshot ${files.join(' ')}`,
      {
        cause: error,
      },
    );
  } finally {
    await session.close();
  }
}

export async function runSigns(ctx: BenchContext): Promise<Row[]> {
  const { buildSpa } = await import('../local/cloud');
  await buildSpa('auto', ctx.log);
  const cloud = await benchCloud(ctx.log);
  const { sendTwoContractorDocument } = await import('../test/support/documents');
  const sent = await sendTwoContractorDocument({ title: 'Bench sign maker' });
  // Not counted: the local server compresses each file on its first request.
  await measureOnce(cloud.info.appUrl, sent.mailLink, 'en');
  const rows: Row[] = [];
  for (const script of ['en', 'ja', 'ko'] as const) {
    const first: number[] = [];
    const edit: number[] = [];
    for (let i = 0; i < ctx.runs; i++) {
      const s = await measureOnce(cloud.info.appUrl, sent.mailLink, script);
      first.push(s.first);
      edit.push(s.edit);
      ctx.log(
        `signs: ${script} run ${i + 1}/${ctx.runs}: first ${s.first.toFixed(0)} ms, edit ${s.edit.toFixed(0)} ms`,
      );
    }
    const note = `"${NAMES[script].family}", from the last keystroke`;
    rows.push(
      row('signs', `${script}: first candidates (fonts fetched)`, 'ms', first, {
        target: CANDIDATES_TARGET_MS,
        note,
      }),
      row('signs', `${script}: candidates after an edit`, 'ms', edit, { target: CANDIDATES_TARGET_MS, note }),
    );
  }
  return rows;
}
