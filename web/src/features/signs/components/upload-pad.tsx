// The Upload tabs (spec doc 1 §5): any image the browser can decode, fitted into the canvas; pixels
// brighter than the threshold (slider 0–255, default 128) become transparent, the rest the ink colour
// (black for a sign, red for a stamp). The preview follows the slider live.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IMAGE_THRESHOLD_DEFAULT,
  IMAGE_THRESHOLD_MAX,
  IMAGE_THRESHOLD_MIN,
} from '../../../../../shared/domain/constants';
import { applyThreshold, type Ink } from '../image-tools';

interface UploadPadProps {
  canvasRef: React.RefObject<HTMLCanvasElement | null>;
  ink: Ink;
  width: number;
  height: number;
  testId: string;
  onError: (message: string | null) => void;
}

export function UploadPad({ canvasRef, ink, width, height, testId, onError }: UploadPadProps) {
  const { t } = useTranslation();
  const [threshold, setThreshold] = useState(IMAGE_THRESHOLD_DEFAULT);
  const [source, setSource] = useState<ImageData | null>(null);
  const sliderId = useId();

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, width, height);
    if (!source) return;
    const pixels = new ImageData(new Uint8ClampedArray(source.data), source.width, source.height);
    applyThreshold(pixels.data, threshold, ink);
    ctx.putImageData(pixels, 0, 0);
  }, [source, threshold, ink, width, height, canvasRef]);

  const load = async (file: File | undefined) => {
    onError(null);
    setSource(null);
    if (!file) return;
    try {
      const bitmap = await createImageBitmap(file);
      const scale = Math.min(1, width / bitmap.width, height / bitmap.height);
      const w = Math.max(1, Math.round(bitmap.width * scale));
      const h = Math.max(1, Math.round(bitmap.height * scale));
      const work = document.createElement('canvas');
      work.width = width;
      work.height = height;
      const ctx = work.getContext('2d');
      if (!ctx) return onError(t('signs.errors.canvasMissing'));
      ctx.drawImage(bitmap, (width - w) / 2, (height - h) / 2, w, h);
      bitmap.close();
      setSource(ctx.getImageData(0, 0, width, height));
    } catch {
      onError(t('signs.upload.badImage'));
    }
  };

  return (
    <div className="signs-upload">
      <label className="signs-field">
        <span>{t('signs.upload.file')}</span>
        <input
          type="file"
          accept="image/*"
          onChange={(e) => void load(e.target.files?.[0])}
          data-testid={`${testId}-file`}
        />
      </label>
      <label className="signs-field" htmlFor={sliderId}>
        <span>{t('signs.upload.threshold', { value: threshold })}</span>
      </label>
      <input
        id={sliderId}
        type="range"
        min={IMAGE_THRESHOLD_MIN}
        max={IMAGE_THRESHOLD_MAX}
        value={threshold}
        onChange={(e) => setThreshold(Number(e.target.value))}
        data-testid={`${testId}-threshold`}
      />
      <canvas
        ref={canvasRef}
        width={width}
        height={height}
        className="signs-preview"
        style={{ maxWidth: width }}
        role="img"
        aria-label={t('signs.upload.preview')}
        data-testid={`${testId}-preview`}
      />
    </div>
  );
}
