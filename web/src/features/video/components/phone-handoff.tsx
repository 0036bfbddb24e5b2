// The phone hand-off of the video step (spec doc 1 §2 "Video recording", doc 2 §8.5; architecture §15
// "No camera"): a computer without camera or microphone (or a signer who prefers the phone) shows a
// QR code of `/{lang}/vsign_mobile/{token}`, a 15-minute recording link of this contractor, in the
// 'Recording Link' dialog ('I see...'); the page then keeps the code on screen and polls the video
// status every 2 s, and goes on by itself once the phone's video has arrived. The QR encoder is
// loaded only when a code is shown.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';

/** A QR code of `text`, drawn by the lazily loaded `qrcode` package. */
export function QrCode({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (QRCode) => {
      const url = await QRCode.toDataURL(text, { margin: 2, width: 240, errorCorrectionLevel: 'M' });
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div className="video-qr">
      {src ? (
        <img src={src} width={240} height={240} alt={t('video.recordingLink.qr')} data-testid={testId} />
      ) : (
        <span className="video-qr-placeholder" role="status" aria-label={t('video.mobile.loading')} />
      )}
    </div>
  );
}

export interface PhoneHandoffProps {
  /** The recording link's address (absolute), or null while it is being made. */
  readonly url: string | null;
  /** The dialog is shown (else the code stays on the page under the recorder). */
  readonly dialog: boolean;
  readonly error: string | null;
  readonly onAcknowledge: () => void;
  readonly onNewCode: () => void;
}

/** The 'Recording Link' dialog, then the same code and a waiting note on the page. */
export function PhoneHandoff({ url, dialog, error, onAcknowledge, onNewCode }: PhoneHandoffProps) {
  const { t } = useTranslation();
  const code = url ? <QrCode text={url} testId="recording-link-qr" /> : null;
  const waiting = (
    <p className="video-hint" role="status" data-testid="recording-link-waiting">
      {t('video.recordingLink.waiting')}
    </p>
  );
  const failure = error && (
    <p role="alert" className="video-message video-message-error" data-testid="recording-link-error">
      {error}
    </p>
  );
  if (dialog) {
    return (
      <Modal
        title={t('video.recordingLink.title')}
        onCancel={onAcknowledge}
        className="signer-dialog"
        testId="recording-link"
      >
        <p>{t('video.recordingLink.message')}</p>
        {code}
        {failure}
        <p className="video-hint">{t('video.recordingLink.expires')}</p>
        {waiting}
        <div className="dialog-actions">
          <button type="button" className="button button-primary" data-autofocus onClick={onAcknowledge}>
            {t('video.recordingLink.confirm')}
          </button>
        </div>
      </Modal>
    );
  }
  return (
    <section
      className="video-handoff"
      data-testid="recording-link-panel"
      aria-labelledby="video-handoff-title"
    >
      <h2 id="video-handoff-title">{t('video.recordingLink.title')}</h2>
      {code}
      {failure}
      <p className="video-hint">{t('video.recordingLink.expires')}</p>
      {waiting}
      <button type="button" className="button button-secondary" onClick={onNewCode}>
        {t('video.recordingLink.newCode')}
      </button>
    </section>
  );
}
