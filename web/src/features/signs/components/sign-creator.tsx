// 'Create My Sign' (spec doc 1 §2, §5): Draw and Auto Generation are the signer's own pads (the sign
// maker's DrawPad and AutoGenerate), Upload turns an image into black ink.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Script } from '../../signer/components/sign-order';
import { AutoGenerate, useCandidates } from '../../signer/components/auto-generate';
import { DrawPad } from '../../signer/components/draw-pad';
import { inkOf } from '../../signer/components/sign-image';
import { SIGN_CANVAS_HEIGHT, SIGN_CANVAS_WIDTH } from '../../../../../shared/domain/constants';
import { BLACK_INK } from '../image-tools';
import { Maker, type MakerTab } from './maker';
import { UploadPad } from './upload-pad';

export function SignCreator({ defaultScript, onSaved }: { defaultScript: Script; onSaved: () => void }) {
  const { t } = useTranslation();
  const drawRef = useRef<HTMLCanvasElement>(null);
  const uploadRef = useRef<HTMLCanvasElement>(null);
  const auto = useCandidates();

  const tabs: MakerTab[] = [
    {
      id: 'draw',
      label: t('signer.maker.draw'),
      panel: (setError) => (
        <DrawPad
          canvasRef={drawRef}
          onMissing={() => setError(t('signs.errors.canvasMissing'))}
          onDrawStart={() => setError(null)}
        />
      ),
      make: () =>
        drawRef.current?.getContext('2d')
          ? inkOf(drawRef.current, t('signer.maker.emptyDrawing'))
          : { error: t('signs.errors.canvasMissing') },
    },
    {
      id: 'autoGeneration',
      label: t('signer.maker.auto'),
      panel: (setError) => (
        <AutoGenerate defaultScript={defaultScript} {...auto.state} {...auto.handlers} onError={setError} />
      ),
      make: () => inkOf(auto.chosenCanvas, t('signer.maker.chooseCandidate')),
    },
    {
      id: 'upload',
      label: t('signs.tabs.upload'),
      panel: (setError) => (
        <UploadPad
          canvasRef={uploadRef}
          ink={BLACK_INK}
          width={SIGN_CANVAS_WIDTH}
          height={SIGN_CANVAS_HEIGHT}
          testId="sign-upload"
          onError={setError}
        />
      ),
      make: () => inkOf(uploadRef.current, t('signs.upload.noImage')),
    },
  ];

  return (
    <Maker
      title={t('signs.createSign')}
      saveLabel={t('signer.maker.save')}
      testId="sign-creator"
      tabs={tabs}
      onSaved={onSaved}
    />
  );
}
