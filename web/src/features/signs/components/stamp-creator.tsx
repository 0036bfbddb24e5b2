// 'Create My Stamp' (spec doc 1 §2, §5): General Stamp (a round red hanko, family name mandatory, each
// name at most 3 characters, set vertically), Corporate Stamp (a square red seal, at most 11
// characters in a grid) and Upload (an image turned into red ink). The preview follows the fields.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateCorporateStamp, validateGeneralStamp } from '../../../../../shared/domain/validation';
import { RED_INK } from '../image-tools';
import { drawCorporateStamp, drawGeneralStamp, loadStampFont, STAMP_SIZE } from '../stamp-draw';
import { Maker, type MakerTab } from './maker';
import { inkOf } from '../../signer/components/sign-image';
import { UploadPad } from './upload-pad';
import '../signs.css';

type Check = ReturnType<typeof validateGeneralStamp> | ReturnType<typeof validateCorporateStamp>;

export function StampCreator({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  return (
    <Maker
      title={t('signs.createStamp')}
      saveLabel={t('signs.stamp.save')}
      testId="stamp-creator"
      tabs={useStampTabs()}
      onSaved={onSaved}
    />
  );
}

/**
 * The stamp tabs (General Stamp, Corporate Stamp, Upload) with their fields and previews; shared by
 * 'Create My Stamp' and the signer's sign maker (issue #17).
 */
export function useStampTabs(): MakerTab[] {
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

  const drawGeneral = (c: HTMLCanvasElement) => drawGeneralStamp(c, family.trim(), given.trim());
  const drawCorporate = (c: HTMLCanvasElement) => drawCorporateStamp(c, company.trim());

  const tabs: MakerTab[] = [
    {
      id: 'generalStamp',
      label: t('signs.tabs.generalStamp'),
      panel: (setError) => (
        <StampPanel
          canvasRef={generalRef}
          hint={t('signs.stamp.hint')}
          testId="general-stamp"
          text={`${family} ${given}`}
          valid={generalCheck().ok}
          draw={drawGeneral}
          onError={setError}
        >
          <Field
            label={t('signs.stamp.familyName')}
            value={family}
            set={setFamily}
            testId="general-stamp-family"
          />
          <Field
            label={t('signs.stamp.givenName')}
            value={given}
            set={setGiven}
            testId="general-stamp-given"
          />
        </StampPanel>
      ),
      make: () => made(generalRef.current, generalCheck(), drawGeneral),
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
          valid={corporateCheck().ok}
          draw={drawCorporate}
          onError={setError}
        >
          <Field
            label={t('signs.stamp.text')}
            value={company}
            set={setCompany}
            testId="corporate-stamp-text"
          />
        </StampPanel>
      ),
      make: () => made(corporateRef.current, corporateCheck(), drawCorporate),
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
  return tabs;
}

function Field(props: { label: string; value: string; set: (value: string) => void; testId: string }) {
  return (
    <label className="signs-field">
      <span>{props.label}</span>
      <input value={props.value} onChange={(e) => props.set(e.target.value)} data-testid={props.testId} />
    </label>
  );
}

/**
 * A stamp's fields and its live preview, redrawn (after its font loads) whenever `text` changes;
 * cleared while the fields are refused (the message comes with Save).
 */
function StampPanel({
  canvasRef,
  hint,
  testId,
  text,
  valid,
  draw,
  onError,
  children,
}: {
  canvasRef: React.RefObject<HTMLCanvasElement | null>;
  hint: string;
  testId: string;
  text: string;
  valid: boolean;
  draw: (canvas: HTMLCanvasElement) => boolean;
  onError: (message: string) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState('');
  useEffect(() => {
    let live = true;
    void loadStampFont(text).then(() => {
      const canvas = canvasRef.current;
      if (!live || !canvas) return;
      if (!valid) canvas.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
      else if (!draw(canvas)) onError(t('signs.errors.canvasMissing'));
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
