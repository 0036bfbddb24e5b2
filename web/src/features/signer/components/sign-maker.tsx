// The sign maker (spec doc 1 §5): Draw (./draw-pad.tsx), Auto Generation (./auto-generate.tsx) or
// one of /home/sign's stamps. The chosen image is uploaded as a PNG.
// Shared by the signer page and the creation funnel (the owner's own sign): `upload` decides where.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadSignResponse } from '../../../../../shared/api/schemas';
import { describeError } from '../messages';
import { AutoGenerate, useCandidates } from './auto-generate';
import { DrawPad } from './draw-pad';
import type { Script } from './sign-order';
import { Modal } from './modal';
import { useStampTabs } from '../../signs/components/stamp-creator';
import { exportSignPng } from './sign-image';
import '../signer.css';

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
