// Where the verify page shows the evidence panels (issue #30): the panels' chunk (pkijs, asn1js, the
// PDF scanner) is imported only when a PDF is dropped or a video's answer carries a token, so the
// page's own chunk and the app's main bundle stay as they were. A chunk that fails to load says so.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../../shared/i18n/core';

type Panels = typeof import('../evidence/evidence-panel');
let loading: Promise<Panels> | undefined;
const loadPanels = (): Promise<Panels> =>
  (loading ??= import('../evidence/evidence-panel').catch((error: unknown) => {
    loading = undefined; // a later drop tries again
    throw error;
  }));

function usePanels(): Panels | 'failed' | null {
  const [panels, setPanels] = useState<Panels | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    loadPanels().then(
      (loaded) => live && setPanels(loaded),
      () => live && setPanels('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return panels;
}

function Waiting({ panels, text }: { panels: 'failed' | null; text: string }) {
  const { t } = useTranslation();
  return panels === 'failed' ? (
    <p role="alert" className="verify-bad">
      {t('evidence.loadFailed')}
    </p>
  ) : (
    <p>{text}</p>
  );
}

/** The long-term evidence a dropped PDF carries. */
export function PdfEvidence({ file, locale }: { file: File; locale: Locale }) {
  const { t } = useTranslation();
  const panels = usePanels();
  if (panels === null || panels === 'failed') return <Waiting panels={panels} text={t('evidence.working')} />;
  return <panels.EvidencePanel file={file} locale={locale} />;
}

/** An agreement video's timestamp token, checked against the video's SHA-256. */
export function VideoTimestamp(props: { token: string; sha256: string; locale: Locale }) {
  const { t } = useTranslation();
  const panels = usePanels();
  if (panels === null || panels === 'failed')
    return <Waiting panels={panels} text={t('evidence.video.working')} />;
  return <panels.VideoTimestampPanel {...props} />;
}
