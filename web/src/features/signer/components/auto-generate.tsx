// The sign maker's Auto Generation tab (spec doc 1 §5): six candidates in handwriting fonts
// (Japanese, Korean or English; Japanese and Korean names family name first, as their writers do),
// drawn again as the signer types. Also the Auto Generation of /home/sign's sign creator.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateAutoSignText } from '../../../../../shared/domain/validation';
import type { SignFont } from './fonts';
import { SCRIPTS, signText, type Script } from './sign-order';

const CANDIDATE_WIDTH = 600; // not a spec constant: a candidate's canvas
const CANDIDATE_HEIGHT = 200;
/** How long typing pauses before the candidates are drawn again. */
const TYPING_PAUSE_MS = 100;

/** The Auto Generation tab's state: the candidates and the chosen one (the first by default). */
export function useCandidates() {
  const [candidates, setCandidates] = useState<HTMLCanvasElement[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  return {
    state: { candidates, chosen },
    handlers: {
      onCandidates: (list: HTMLCanvasElement[]) => {
        setCandidates(list);
        setChosen(list.length > 0 ? 0 : null);
      },
      onChoose: setChosen,
    },
    /** The chosen candidate's canvas, if any. */
    chosenCanvas: chosen === null ? undefined : candidates[chosen],
  };
}

/** Draws `text` as large as fits in a candidate canvas, in `font`, optionally slanted. */
function drawCandidate(text: string, font: SignFont, slant: boolean): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = CANDIDATE_WIDTH;
  canvas.height = CANDIDATE_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas;
  let px = 110;
  const css = (size: number) => `${font.weight} ${size}px "${font.family}"`;
  ctx.font = css(px);
  const maxWidth = CANDIDATE_WIDTH - 40;
  const measured = ctx.measureText(text).width;
  if (measured > maxWidth) px = Math.max(18, Math.floor((px * maxWidth) / measured));
  ctx.font = css(px);
  ctx.fillStyle = '#000';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.translate(CANDIDATE_WIDTH / 2, CANDIDATE_HEIGHT / 2);
  if (slant) ctx.transform(1, 0, -0.25, 1, 0, 0);
  ctx.fillText(text, 0, 0);
  return canvas;
}

export function AutoGenerate({
  defaultScript,
  candidates,
  chosen,
  onCandidates,
  onChoose,
  onError,
}: {
  defaultScript: Script;
  candidates: HTMLCanvasElement[];
  chosen: number | null;
  onCandidates: (list: HTMLCanvasElement[]) => void;
  onChoose: (index: number) => void;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const [family, setFamily] = useState('');
  const [given, setGiven] = useState('');
  const [script, setScript] = useState<Script>(defaultScript);
  const [busy, setBusy] = useState(false);
  const [generated, setGenerated] = useState('');

  // Each generation has a number; only the latest one's candidates are shown (typing runs several).
  const latest = useRef(0);
  const generate = async () => {
    const run = ++latest.current;
    onError(null);
    const checked = validateAutoSignText(signText(script, family, given));
    if (!checked.ok) {
      // An earlier generation still loading fonts is stale now: nothing is busy any more.
      setBusy(false);
      onCandidates([]);
      onError(t(checked.error, checked.values ?? {}));
      return;
    }
    setBusy(true);
    const { SIGN_FONTS, loadFont } = await import('./fonts');
    const fonts = SIGN_FONTS[script];
    await Promise.all(fonts.map((font) => loadFont(font, checked.text, 110)));
    if (run !== latest.current) return;
    const list = fonts.flatMap((font) => [
      drawCandidate(checked.text, font, false),
      drawCandidate(checked.text, font, true),
    ]);
    setBusy(false);
    setGenerated(checked.text);
    onCandidates(list);
  };

  // The handwriting fonts (and their large @font-face CSS) load when this tab opens, once; the
  // candidates then follow the typing (issue #17: within 300 ms, `npm run bench -- signs`).
  useEffect(() => {
    void import('./fonts');
  }, []);
  useEffect(() => {
    if (!family.trim() && !given.trim()) return;
    const timer = setTimeout(() => void generate(), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // Regenerates when the name or the language changes.
  }, [family, given, script]);

  return (
    <div className="signer-auto">
      <div className="signer-auto-fields">
        <label>
          <span>{t('signer.maker.familyName')}</span>
          <input value={family} onChange={(e) => setFamily(e.target.value)} data-testid="auto-family" />
        </label>
        <label>
          <span>{t('signer.maker.givenName')}</span>
          <input value={given} onChange={(e) => setGiven(e.target.value)} data-testid="auto-given" />
        </label>
        <label>
          <span>{t('signer.maker.language')}</span>
          <select
            value={script}
            onChange={(e) => setScript(SCRIPTS.find((s) => s === e.target.value) ?? 'en')}
          >
            <option value="ja">{t('signer.maker.japanese')}</option>
            <option value="ko">{t('signer.maker.korean')}</option>
            <option value="en">{t('signer.maker.english')}</option>
          </select>
        </label>
      </div>
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        onClick={() => void generate()}
        data-testid="auto-generate"
      >
        {t('signer.maker.generate')}
      </button>
      {candidates.length > 0 && (
        <div
          className="signer-candidates"
          role="radiogroup"
          aria-label={t('signer.maker.candidates')}
          data-sign-text={generated}
        >
          {candidates.map((canvas, index) => (
            <button
              key={index}
              type="button"
              role="radio"
              aria-checked={chosen === index}
              aria-label={t('signer.maker.candidate', { n: index + 1 })}
              className={chosen === index ? 'signer-candidate selected' : 'signer-candidate'}
              onClick={() => onChoose(index)}
              data-testid={`auto-candidate-${index}`}
            >
              <img src={canvas.toDataURL('image/png')} alt="" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
