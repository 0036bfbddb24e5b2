// The sign maker (spec doc 1 §5): Draw (a 700×300 canvas scaled to the screen, brush 5, black) or
// Auto Generation (six candidates in handwriting fonts: Japanese, Korean or English; Japanese and
// Korean names are written family name first, as their writers do). The chosen image is uploaded as
// a PNG.
// Shared by the signer page and the creation funnel (the owner's own sign): `upload` decides where.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadSignResponse } from '../../../../../shared/api/schemas';
import { validateAutoSignText } from '../../../../../shared/domain/validation';
import { describeError } from '../messages';
import type { SignFont } from './fonts';
import { SCRIPTS, signText, type Script } from './sign-order';
import { Modal } from './modal';
import { useStampTabs } from '../../signs/components/stamp-creator';
import { exportSignPng } from './sign-image';
import '../signer.css';

const CANVAS_WIDTH = 700;
const CANVAS_HEIGHT = 300;
const BRUSH = 5;
const CANDIDATE_WIDTH = 600;
const CANDIDATE_HEIGHT = 200;
/** How long typing pauses before the candidates are drawn again. */
const TYPING_PAUSE_MS = 100;

/** Issue #17: the stamp tabs of /home/sign's stamp maker (General, Corporate, Upload in red ink). */
const STAMP_TABS = ['generalStamp', 'corporateStamp', 'uploadStamp'] as const;
type StampTab = (typeof STAMP_TABS)[number];
type Tab = 'draw' | 'auto' | StampTab;
/** How the uploaded image was made. */
export type MadeSignKind = 'draw' | 'autoGeneration' | StampTab;

interface SignMakerProps {
  defaultScript: Script;
  upload: (image: string, kind: MadeSignKind) => Promise<UploadSignResponse>;
  onCreated: (sign: UploadSignResponse) => void;
  onCancel: () => void;
}

export function SignMaker({ defaultScript, upload, onCreated, onCancel }: SignMakerProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('draw');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const drawRef = useRef<HTMLCanvasElement>(null);
  const auto = useCandidates();
  const stampTabs = useStampTabs();
  const stampTab = stampTabs.find((x) => x.id === tab);

  const inFlight = useRef(false);
  const save = async () => {
    if (inFlight.current) return;
    setError(null);
    let image: string | null = null;
    if (tab === 'draw') {
      const canvas = drawRef.current;
      if (!canvas) return setError(t('signs.errors.canvasMissing'));
      image = exportSignPng(canvas);
      if (!image) return setError(t('signer.maker.emptyDrawing'));
    } else if (stampTab) {
      const made = stampTab.make();
      if ('error' in made) return setError(made.error);
      image = made.image;
    } else {
      const canvas = auto.chosenCanvas;
      if (!canvas) return setError(t('signer.maker.chooseCandidate'));
      image = exportSignPng(canvas);
      if (!image) return setError(t('signer.maker.chooseCandidate'));
    }
    inFlight.current = true;
    setPending(true);
    try {
      onCreated(await upload(image, tab === 'auto' ? 'autoGeneration' : tab));
    } catch (err) {
      setError(describeError(t, err));
      setPending(false);
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Modal title={t('signer.maker.title')} onCancel={onCancel} testId="sign-maker" wide>
      <div className="signer-tabs" role="tablist">
        {(['draw', 'auto', ...STAMP_TABS] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={
              tab === id ? 'button button-primary button-small' : 'button button-secondary button-small'
            }
            onClick={() => {
              setTab(id);
              setError(null);
            }}
          >
            {id === 'draw' || id === 'auto'
              ? t(id === 'draw' ? 'signer.maker.draw' : 'signer.maker.auto')
              : stampTabs.find((x) => x.id === id)!.label}
          </button>
        ))}
      </div>
      {tab === 'draw' ? (
        <DrawPad
          canvasRef={drawRef}
          onMissing={() => setError(t('signs.errors.canvasMissing'))}
          onDrawStart={() => setError(null)}
        />
      ) : stampTab ? (
        stampTab.panel(setError)
      ) : (
        <AutoGenerate defaultScript={defaultScript} {...auto.state} {...auto.handlers} onError={setError} />
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="sign-maker-error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={pending}
          onClick={() => void save()}
          data-testid="sign-maker-save"
        >
          {t('signer.maker.save')}
        </button>
      </div>
    </Modal>
  );
}

export function DrawPad({
  canvasRef,
  onMissing,
  onDrawStart,
}: {
  canvasRef: React.RefObject<HTMLCanvasElement | null>;
  onMissing: () => void;
  onDrawStart: () => void;
}) {
  const { t } = useTranslation();
  const last = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (!canvasRef.current?.getContext('2d')) onMissing();
    // Checked once when the pad appears.
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    const rect = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * canvas.width) / rect.width,
      y: ((event.clientY - rect.top) * canvas.height) / rect.height,
    };
  };
  const stroke = (
    from: { x: number; y: number },
    to: { x: number; y: number },
    ctx: CanvasRenderingContext2D,
  ) => {
    ctx.strokeStyle = '#000';
    ctx.fillStyle = '#000';
    ctx.lineWidth = BRUSH;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
  };

  return (
    <div className="signer-draw">
      <p className="signer-hint">{t('signer.maker.drawHint')}</p>
      <canvas
        ref={canvasRef}
        width={CANVAS_WIDTH}
        height={CANVAS_HEIGHT}
        className="signer-draw-canvas"
        aria-label={t('signer.maker.canvasLabel')}
        data-testid="sign-draw-canvas"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          onDrawStart();
          const p = point(event);
          last.current = p;
          const ctx = event.currentTarget.getContext('2d');
          if (ctx) stroke(p, { x: p.x + 0.1, y: p.y + 0.1 }, ctx);
        }}
        onPointerMove={(event) => {
          if (!last.current) return;
          const p = point(event);
          const ctx = event.currentTarget.getContext('2d');
          if (ctx) stroke(last.current, p, ctx);
          last.current = p;
        }}
        onPointerUp={() => {
          last.current = null;
        }}
        onPointerCancel={() => {
          last.current = null;
        }}
      />
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => {
          const canvas = canvasRef.current;
          canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
        }}
      >
        {t('signer.maker.clear')}
      </button>
    </div>
  );
}

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
