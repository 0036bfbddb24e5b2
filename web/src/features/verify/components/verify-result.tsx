// The verify page's answer (issue #6; an agreement video's, issue #15): whether the file or hash is a
// sealed document (or video) of ours, which one, and the token as read live from the chain (or, for a
// document anchored in a Merkle batch, its proof and root, both checked by this browser itself).
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifyMerkleProof, VerifyResponse } from '../../../../../shared/api/verify';
import { merkleLeaf, rootFromProof } from '../../../../../shared/domain/merkle';
import type { Locale } from '../../../../../shared/i18n/core';
import { useAppConfig } from '../../../app/app-context';
import { formatDateTime, timeZoneLabel } from '../../../lib/format';
import { checkRootOnChain, type ChainCheck } from '../evidence/chain-check';

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
      {result.chain.state === 'anchored' && result.chain.merkle ? (
        <MerkleRecord proof={result.chain.merkle} sha256={fileHash ?? result.hash ?? ''} locale={locale} />
      ) : result.chain.state === 'anchored' && record ? (
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

/** Issue #33: a document anchored in a Merkle batch. Both halves are checked here, in the browser: the
 *  root the proof leads to from the file's (or asked) hash, and that root's record on chain, asked by
 *  this browser of the public RPC /config.json names (./../evidence/chain-check.ts), not our server. */
function MerkleRecord(props: { proof: VerifyMerkleProof; sha256: string; locale: Locale }) {
  const { t } = useTranslation();
  const { proof, locale } = props;
  const rpcUrl = useAppConfig().chainPublicRpcUrl;
  // The root this browser computes from the hash and the proof: the one the chain is asked about.
  const computedRoot = useMemo(() => {
    if (props.sha256 === '') return undefined;
    try {
      return rootFromProof(merkleLeaf(props.sha256), proof.proof);
    } catch {
      return undefined;
    }
  }, [props.sha256, proof.proof]);
  const ok = computedRoot !== undefined && computedRoot === proof.root.toLowerCase();
  const checkKey = `${rpcUrl ?? ''}|${proof.chainId}|${proof.contractAddress}|${computedRoot ?? ''}`;
  const [answer, setAnswer] = useState<{ key: string; check: ChainCheck }>();
  useEffect(() => {
    if (!rpcUrl || !computedRoot) return;
    const controller = new AbortController();
    checkRootOnChain({
      rpcUrl,
      chainId: proof.chainId,
      contractAddress: proof.contractAddress,
      root: computedRoot,
      signal: controller.signal,
    }).then(
      (check) => {
        if (!controller.signal.aborted) setAnswer({ key: checkKey, check });
      },
      // Only an abort (the page moved on) rejects.
      () => undefined,
    );
    return () => controller.abort();
  }, [checkKey, rpcUrl, computedRoot, proof.chainId, proof.contractAddress]);
  const check = answer?.key === checkKey ? answer.check : undefined;
  const at = (value: Date | string) => `${formatDateTime(value, locale)} (${timeZoneLabel(locale)})`;
  const chainTime = check?.kind === 'onChain' ? at(new Date(check.timestamp * 1000)) : undefined;
  return (
    <div data-testid="verify-merkle">
      <p className={ok ? 'verify-good-text' : 'verify-bad-text'}>
        {ok ? t('verify.chain.merkle.proofOk') : t('verify.chain.merkle.proofBad')}
      </p>
      {computedRoot && <ChainCheckStatus check={check} configured={!!rpcUrl} chainTime={chainTime} />}
      <dl className="verify-facts">
        <dt>{t('verify.chain.merkle.root')}</dt>
        <dd className="mono">{proof.root}</dd>
        {computedRoot && !ok && (
          <>
            <dt>{t('verify.chain.merkle.computedRoot')}</dt>
            <dd className="mono">{computedRoot}</dd>
          </>
        )}
        <dt>{t('verify.chain.merkle.leaf')}</dt>
        <dd>{t('verify.chain.merkle.leafValue', { index: proof.leafIndex + 1, count: proof.leafCount })}</dd>
        <dt>{t('verify.chain.merkle.proof')}</dt>
        <dd>{proof.proof.length}</dd>
        <dt>{t('verify.chain.contract')}</dt>
        <dd className="mono">{proof.contractAddress}</dd>
        <dt>{t('verify.chain.network')}</dt>
        <dd>
          {proof.chainName} ({proof.chainId})
        </dd>
        <dt>{t('verify.chain.transaction')}</dt>
        <dd className="mono">{proof.transactionHash}</dd>
        <dt>{t('verify.chain.block')}</dt>
        <dd>{proof.blockNumber}</dd>
        {chainTime ? (
          <>
            <dt>{t('verify.chain.merkle.chainTime')}</dt>
            <dd data-testid="verify-merkle-chain-time">
              {check?.kind === 'onChain' && (
                <time dateTime={new Date(check.timestamp * 1000).toISOString()}>{chainTime}</time>
              )}
            </dd>
          </>
        ) : (
          <>
            <dt>{t('verify.chain.merkle.serverTime')}</dt>
            <dd>{at(proof.anchoredAt)}</dd>
          </>
        )}
      </dl>
      <p className="small">{t('verify.chain.merkle.noToken')}</p>
    </div>
  );
}

/** What this browser learnt from the chain about the root: a status while asking and when the chain
 *  confirms (or could not be asked), an alert when it denies. */
function ChainCheckStatus(props: { check: ChainCheck | undefined; configured: boolean; chainTime?: string }) {
  const { t } = useTranslation();
  const { check } = props;
  if (!props.configured)
    return (
      <p role="status" data-testid="verify-merkle-chain">
        {t('verify.chain.merkle.onChain.unconfigured')}
      </p>
    );
  if (!check)
    return (
      <p role="status" data-testid="verify-merkle-chain">
        {t('verify.chain.merkle.onChain.checking')}
      </p>
    );
  switch (check.kind) {
    case 'onChain':
      return (
        <p role="status" className="verify-good-text" data-testid="verify-merkle-chain">
          {t('verify.chain.merkle.onChain.found', { time: props.chainTime })}
        </p>
      );
    case 'notFound':
      return (
        <p role="alert" className="verify-bad-text" data-testid="verify-merkle-chain">
          {t('verify.chain.merkle.onChain.notFound')}
        </p>
      );
    case 'wrongChain':
      return (
        <p role="alert" className="verify-bad-text" data-testid="verify-merkle-chain">
          {t('verify.chain.merkle.onChain.wrongChain', { expected: check.expected, actual: check.actual })}
        </p>
      );
    case 'unreachable':
      return (
        <p role="status" data-testid="verify-merkle-chain">
          {t('verify.chain.merkle.onChain.unreachable')}
        </p>
      );
  }
}
