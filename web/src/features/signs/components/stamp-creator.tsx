// 'Create My Stamp' (spec doc 1 §2, §5): General Stamp (a round red hanko, family name mandatory, each
// name at most 3 characters, set vertically), Corporate Stamp (a square red seal, at most 11
// characters in a grid) and Upload (an image turned into red ink). The preview follows the fields.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateCorporateStamp, validateGeneralStamp } from '../../../../../shared/domain/validation';
import { RED_INK } from '../image-tools';
import { drawCorporateStamp, drawGeneralStamp, loadStampFont, STAMP_SIZE } from '../stamp-draw';
import { Maker, type MakerTab } from './maker';
import { inkOf } from './sign-creator';
import { UploadPad } from './upload-pad';

type Check = ReturnType<typeof validateGeneralStamp> | ReturnType<typeof validateCorporateStamp>;

export function StampCreator({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const generalRef = useRef<HTMLCanvasElement>(null);
  const corporateRef = useRef<HTMLCanvasElement>(null);
  const uploadRef = useRef<HTMLCanvasElement>(null);
  const [family, setFamily] = useState('');
  const [given, setGiven] = useState('');
  const [company, setCompany] = useState('');

  /** The message of a refused stamp, or null. */
  const refusal = (check: Check) => (check.ok ? null : t(check.error, check.values ?? {}));
  const generalCheck = () => validateGeneralStamp(family, given);
  const corporateCheck = () => validateCorporateStamp(company);
  /** The stamp's PNG, drawn again from the fields (the preview may still wait for its font). */
  const made = (
    canvas: HTMLCanvasElement | null,
    check: Check,
    draw: (canvas: HTMLCanvasElement) => boolean,
  ) => {
    const message = refusal(check);
    if (message) return { error: message };
    if (!canvas || !draw(canvas)) return { error: t('signs.errors.canvasMissing') };
    return inkOf(canvas, t('signs.errors.signMandatory'));
  };

  const tabs: MakerTab[] = [
    {
      id: 'generalStamp',
      label: t('signs.tabs.generalStamp'),
      panel: (setError) => (
        <StampPanel
          canvasRef={generalRef}
          hint={t('signs.stamp.hint')}
          testId="general-stamp"
          text={`${family}${given}`}
          draw={(canvas) => {
            const check = generalCheck();
            if (!check.ok) return canvas.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
            if (!drawGeneralStamp(canvas, check.familyName, check.givenName))
              setError(t('signs.errors.canvasMissing'));
          }}
        >
          <label className="signs-field">
            <span>{t('signs.stamp.familyName')}</span>
            <input
              value={family}
              onChange={(e) => setFamily(e.target.value)}
              data-testid="general-stamp-family"
            />
          </label>
          <label className="signs-field">
            <span>{t('signs.stamp.givenName')}</span>
            <input
              value={given}
              onChange={(e) => setGiven(e.target.value)}
              data-testid="general-stamp-given"
            />
          </label>
        </StampPanel>
      ),
      make: () =>
        made(generalRef.current, generalCheck(), (c) => drawGeneralStamp(c, family.trim(), given.trim())),
    },
    {
      id: 'corporateStamp',
      label: t('signs.tabs.corporateStamp'),
      panel: (setError) => (
        <StampPanel
          canvasRef={corporateRef}
          hint={t('signs.stamp.corporateHint')}
          testId="corporate-stamp"
          text={company}
          draw={(canvas) => {
            const check = corporateCheck();
            if (!check.ok) return canvas.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
            if (!drawCorporateStamp(canvas, check.text)) setError(t('signs.errors.canvasMissing'));
          }}
        >
          <label className="signs-field">
            <span>{t('signs.stamp.text')}</span>
            <input
              value={company}
              onChange={(e) => setCompany(e.target.value)}
              data-testid="corporate-stamp-text"
            />
          </label>
        </StampPanel>
      ),
      make: () => made(corporateRef.current, corporateCheck(), (c) => drawCorporateStamp(c, company.trim())),
    },
    {
      id: 'uploadStamp',
      label: t('signs.tabs.upload'),
      panel: (setError) => (
        <UploadPad
          canvasRef={uploadRef}
          ink={RED_INK}
          width={STAMP_SIZE}
          height={STAMP_SIZE}
          testId="stamp-upload"
          onError={setError}
        />
      ),
      make: () => inkOf(uploadRef.current, t('signs.upload.noImage')),
    },
  ];

  return (
    <Maker
      title={t('signs.createStamp')}
      saveLabel={t('signs.stamp.save')}
      testId="stamp-creator"
      tabs={tabs}
      onSaved={onSaved}
    />
  );
}

/** A stamp's fields and its live preview, redrawn (after its font loads) whenever `text` changes. */
function StampPanel({
  canvasRef,
  hint,
  testId,
  text,
  draw,
  children,
}: {
  canvasRef: React.RefObject<HTMLCanvasElement | null>;
  hint: string;
  testId: string;
  text: string;
  draw: (canvas: HTMLCanvasElement) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState('');
  useEffect(() => {
    let live = true;
    void loadStampFont(text).then(() => {
      const canvas = canvasRef.current;
      if (!live || !canvas) return;
      draw(canvas);
      setDrawn(text);
    });
    return () => {
      live = false;
    };
    // Redrawn when the text changes; `draw` reads the same fields.
  }, [text]);
  return (
    <div className="signs-stamp">
      <p className="field-hint">{hint}</p>
      {children}
      <canvas
        ref={canvasRef}
        width={STAMP_SIZE}
        height={STAMP_SIZE}
        className="signs-preview"
        role="img"
        aria-label={t('signs.stamp.preview')}
        data-testid={`${testId}-preview`}
        data-drawn={drawn}
      />
    </div>
  );
}
