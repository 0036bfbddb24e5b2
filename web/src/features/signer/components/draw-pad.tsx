// The sign maker's Draw tab (spec doc 1 §5): a 700×300 canvas scaled to the screen, brush 5, black.
// Also the drawing pad of /home/sign's sign creator.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SIGN_BRUSH_WIDTH,
  SIGN_CANVAS_HEIGHT,
  SIGN_CANVAS_WIDTH,
  SIGN_INK_COLOUR,
} from '../../../../../shared/domain/constants';

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
    ctx.strokeStyle = SIGN_INK_COLOUR;
    ctx.fillStyle = SIGN_INK_COLOUR;
    ctx.lineWidth = SIGN_BRUSH_WIDTH;
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
        width={SIGN_CANVAS_WIDTH}
        height={SIGN_CANVAS_HEIGHT}
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
