// The video contract's contract (issue #16), on the signer's video step.
import { useTranslation } from 'react-i18next';
import type { SignerView } from '../../../../../shared/api/schemas';
import { localeForPath } from '../../../../../shared/i18n/core';
import { formatDateTime, timeZoneLabel } from '../../../lib/format';
import type { Lang } from '../../../app/paths';

/**
 * A video contract's contract (issue #16): the owner's video (presigned, with its thumbnail as the
 * poster), who recorded it and when; then the prompt to record one's own agreement, and Deny. Without
 * `onDeny` (an approver's or a viewer's review, issue #28, who record nothing), the video alone.
 */
export function ContractVideo({
  owner,
  video,
  lang,
  onDeny,
}: {
  owner: string;
  video: SignerView['ownerVideo'];
  lang: Lang;
  onDeny?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <section className="signer-contract-video" aria-labelledby="contract-video-title">
        <h2 id="contract-video-title">
          {t('signer.vcontract.ownerVideoTitle', { owner: video?.name ?? owner })}
        </h2>
        {video ? (
          <>
            <div className="signer-contract-frame">
              <video
                controls
                playsInline
                preload="metadata"
                src={video.url}
                poster={video.thumbnailUrl ?? undefined}
                aria-label={t('signer.vcontract.ownerVideoTitle', { owner: video.name })}
                data-testid="owner-video"
              />
            </div>
            <p className="video-hint" data-testid="owner-video-recorded-at">
              {t('signer.vcontract.recordedAt', {
                time: `${formatDateTime(video.recordedAt, localeForPath(lang))} (${timeZoneLabel(localeForPath(lang))})`,
              })}
            </p>
          </>
        ) : (
          <p role="alert" className="field-error">
            {t('signer.vcontract.noOwnerVideo')}
          </p>
        )}
      </section>
      {onDeny && (
        <div className="signer-actions">
          <p className="signer-prompt">{t('signer.vcontract.yourVideoHint')}</p>
          <button type="button" className="button button-danger" onClick={onDeny} data-testid="deny">
            {t('signer.deny')}
          </button>
        </div>
      )}
    </>
  );
}
