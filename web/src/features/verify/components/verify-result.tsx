// The verify page's answer (issue #6; an agreement video's, issue #15): whether the file or hash is a
// sealed document (or video) of ours, which one, and the token as read live from the chain.
import { useTranslation } from 'react-i18next';
import type { VerifyResponse } from '../../../../../shared/api/verify';
import type { Locale } from '../../../../../shared/i18n/core';
import { formatDateTime, timeZoneLabel } from '../../../lib/format';

export function VerifyResult(props: {
  result: VerifyResponse;
  fileHash?: string;
  fileName?: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const { result, fileHash, locale } = props;
  const doc = result.document;
  const video = result.video;
  const record = result.chain.record;
  // Asked by document (QR code) then given a file: the file must be that document's final PDF (or,
  // for an agreement video, the video itself).
  const fileMatches =
    fileHash === undefined ||
    (video !== undefined ? result.hash === fileHash : doc !== undefined && doc.finalSha256 === fileHash);
  const known = result.known && fileMatches;
  const chainMatches = record !== undefined && record.sha256 === (fileHash ?? result.hash);
  return (
    <div className={known ? 'verify-card verify-good' : 'verify-card verify-bad'} data-testid="verify-answer">
      <h2>
        {known
          ? video
            ? fileHash
              ? t('verify.video.matchFile', { file: props.fileName ?? '' })
              : t('verify.video.known')
            : doc?.kind === 'vcontract'
              ? fileHash
                ? t('verify.record.matchFile', { file: props.fileName ?? '' })
                : t('verify.record.known')
              : fileHash
                ? t('verify.matchFile', { file: props.fileName ?? '' })
                : t('verify.known')
          : fileHash
            ? t('verify.noMatchFile', { file: props.fileName ?? '' })
            : t('verify.unknown')}
      </h2>
      {!known && <p>{t('verify.unknownHelp')}</p>}
      {known && video && doc && (
        <dl className="verify-facts" data-testid="verify-video">
          <dt>{t('verify.video.recordedBy')}</dt>
          <dd>{video.recipientName}</dd>
          <dt>{t('verify.video.recordedAt')}</dt>
          <dd>
            {formatDateTime(video.recordedAt, locale)} ({timeZoneLabel(locale)})
          </dd>
          <dt>{t('verify.video.size')}</dt>
          <dd>{t('verify.video.sizeValue', { bytes: video.sizeBytes.toLocaleString('en-US') })}</dd>
          <dt>{t('verify.video.type')}</dt>
          <dd>{video.contentType}</dd>
          <dt>{t('verify.video.contract')}</dt>
          <dd>
            {doc.title || t('signRequest.untitled')} · {doc.shortNumber}
          </dd>
        </dl>
      )}
      {doc && (
        <dl className="verify-facts">
          <dt>{t('verify.fields.title')}</dt>
          <dd>{doc.title || t('signRequest.untitled')}</dd>
          <dt>{t('verify.fields.number')}</dt>
          <dd>{doc.shortNumber}</dd>
          <dt>{t('verify.fields.completedAt')}</dt>
          <dd>
            {formatDateTime(doc.completedAt, locale)} ({timeZoneLabel(locale)})
          </dd>
          <dt>{t('verify.fields.parties')}</dt>
          <dd>
            <ul className="verify-parties">
              {doc.parties.map((p, i) => (
                <li key={i}>
                  {p.name} · {p.contact}
                </li>
              ))}
            </ul>
          </dd>
          <dt>{t('verify.fields.hash')}</dt>
          <dd className="mono">{doc.finalSha256}</dd>
        </dl>
      )}
      {fileHash && (
        <p className="mono small">
          {t('verify.fields.fileHash')}: {fileHash}
        </p>
      )}
      <h3>{t('verify.chain.heading')}</h3>
      {result.chain.state === 'anchored' && record ? (
        <>
          <p className={chainMatches ? 'verify-good-text' : 'verify-bad-text'}>
            {chainMatches ? t('verify.chain.matches') : t('verify.chain.differs')}
          </p>
          <dl className="verify-facts">
            <dt>{t('verify.chain.token')}</dt>
            <dd>{record.tokenId}</dd>
            <dt>{t('verify.chain.contract')}</dt>
            <dd className="mono">{record.contractAddress}</dd>
            <dt>{t('verify.chain.network')}</dt>
            <dd>
              {record.chainName} ({record.chainId})
            </dd>
            <dt>{t('verify.chain.transaction')}</dt>
            <dd className="mono">{record.transactionHash}</dd>
            <dt>{t('verify.chain.block')}</dt>
            <dd>{record.blockNumber}</dd>
            <dt>{t('verify.chain.time')}</dt>
            <dd>
              {formatDateTime(record.anchoredAt, locale)} ({timeZoneLabel(locale)})
            </dd>
            <dt>{t('verify.chain.holder')}</dt>
            <dd className="mono">{record.holder}</dd>
          </dl>
        </>
      ) : (
        <p>{t(`verify.chain.states.${result.chain.state}`)}</p>
      )}
    </div>
  );
}
