// The verify page's evidence panels (issue #30 items 4 and 6), loaded only when a PDF is dropped or a
// video's answer carries a timestamp token (this chunk holds pkijs and asn1js): what the file itself
// proves — trusted time and authority of its signature timestamp, the PAdES level reached, whether the
// LTV data is complete, the document timestamp — and an agreement video's token checked against the
// video's SHA-256. Computed here from the bytes; nothing is sent anywhere.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../../shared/i18n/core';
import { intlLocale, timeZoneLabel } from '../../../lib/format';
import {
  checkTimestampToken,
  judgePdf,
  LEVELS,
  type EvidenceReport,
  type Level,
  type TimestampCheck,
} from './judge';
import { pdfDateToIso } from './pdf-scan';

/** A trusted time in the page's language and time zone, with seconds. */
function localTime(iso: string, locale: Locale, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'long',
    timeStyle: 'medium',
    timeZone,
  }).format(date);
}

function TimeValue({ iso, locale }: { iso: string; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <>
      {localTime(iso, locale)} ({timeZoneLabel(locale)})
      <br />
      <span className="small">{t('evidence.utc', { time: localTime(iso, locale, 'UTC') })}</span>
    </>
  );
}

/** /M of a signature dictionary: formatted when it is a valid PDF date, else as written. */
function ClaimedTime({ text, locale }: { text: string; locale: Locale }) {
  const iso = pdfDateToIso(text);
  return iso ? <TimeValue iso={iso} locale={locale} /> : <span className="mono">{text}</span>;
}

const levelRank = (level: Level) => ['none', ...LEVELS].indexOf(level);

function Report({ report, locale }: { report: EvidenceReport; locale: Locale }) {
  const { t } = useTranslation();
  const levelsId = useId();
  const reached = levelRank(report.level);
  return (
    <>
      <p
        className={
          report.level === 'none' ? 'evidence-level verify-bad-text' : 'evidence-level verify-good-text'
        }
      >
        {report.level === 'none'
          ? t('evidence.levelNone')
          : t('evidence.levelFound', { level: report.level })}
      </p>
      <ul className="evidence-findings" data-testid="evidence-findings">
        {report.findings.map((finding, i) => (
          <li key={i} className={`evidence-${finding.tone}`}>
            {t(`evidence.findings.${finding.code}`, finding.values ?? {})}
          </li>
        ))}
      </ul>
      {report.signatures.map((signature, i) => (
        <dl key={i} className="verify-facts" aria-label={t('evidence.signatureNumber', { number: i + 1 })}>
          <dt>{t('evidence.fields.signer')}</dt>
          <dd>{signature.signer}</dd>
          {signature.timestamp && (
            <>
              <dt>{t('evidence.fields.trustedTime')}</dt>
              <dd data-testid="evidence-trusted-time">
                <TimeValue iso={signature.timestamp.genTime} locale={locale} />
              </dd>
              <dt>{t('evidence.fields.authority')}</dt>
              <dd data-testid="evidence-authority">{signature.timestamp.authority}</dd>
              <dt>{t('evidence.fields.serial')}</dt>
              <dd className="mono">{signature.timestamp.serialHex}</dd>
            </>
          )}
          {!signature.timestamp && signature.claimedTime && (
            <>
              <dt>{t('evidence.fields.claimedTime')}</dt>
              <dd>
                <ClaimedTime text={signature.claimedTime} locale={locale} />
              </dd>
            </>
          )}
        </dl>
      ))}
      <dl className="verify-facts">
        {report.dss && (
          <>
            <dt>{t('evidence.fields.dss')}</dt>
            <dd>{t('evidence.dssCounts', report.dss)}</dd>
          </>
        )}
        <dt>{t('evidence.fields.ltv')}</dt>
        <dd
          className={report.ltvComplete ? 'verify-good-text' : 'verify-bad-text'}
          data-testid="evidence-ltv"
        >
          {report.ltvComplete ? t('evidence.ltvComplete') : t('evidence.ltvIncomplete')}
        </dd>
        {report.documentTimestamps.map((stamp, i) => (
          <DocTimestamp key={i} stamp={stamp} locale={locale} />
        ))}
      </dl>
      <h3 id={levelsId}>{t('evidence.levelsHeading')}</h3>
      <ol className="evidence-levels" aria-labelledby={levelsId}>
        {LEVELS.map((level) => {
          const ok = levelRank(level) <= reached;
          return (
            <li key={level} className={ok ? 'evidence-good' : 'evidence-missing'}>
              <strong>PAdES {level}</strong> ({ok ? t('evidence.reached') : t('evidence.notReached')}):{' '}
              {t(`evidence.levels.${level}`)}
            </li>
          );
        })}
      </ol>
    </>
  );
}

function DocTimestamp({ stamp, locale }: { stamp: TimestampCheck; locale: Locale }) {
  const { t } = useTranslation();
  if (!stamp.genTime) return null;
  return (
    <>
      <dt>{t('evidence.fields.docTime')}</dt>
      <dd data-testid="evidence-doc-time">
        <TimeValue iso={stamp.genTime} locale={locale} />
      </dd>
      <dt>{t('evidence.fields.docAuthority')}</dt>
      <dd>{stamp.authority}</dd>
    </>
  );
}

/** The long-term evidence of a dropped PDF, judged from its bytes. */
export function EvidencePanel({ file, locale }: { file: File; locale: Locale }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [report, setReport] = useState<EvidenceReport | null>(null);
  useEffect(() => {
    let live = true;
    setReport(null);
    file
      .arrayBuffer()
      .then((buffer) => judgePdf(new Uint8Array(buffer)))
      .catch((): EvidenceReport => ({
        level: 'none',
        signatures: [],
        documentTimestamps: [],
        ltvComplete: false,
        ltvMissing: [],
        findings: [{ code: 'unreadablePdf', tone: 'bad' }],
      }))
      .then((judged) => {
        if (live) setReport(judged);
      });
    return () => {
      live = false;
    };
  }, [file]);
  return (
    <section className="verify-card evidence-card" aria-labelledby={headingId} data-testid="evidence-panel">
      <h2 id={headingId}>{t('evidence.heading')}</h2>
      <p className="small">{t('evidence.lead')}</p>
      {report ? <Report report={report} locale={locale} /> : <p>{t('evidence.working')}</p>}
    </section>
  );
}

function base64Bytes(text: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

/** An agreement video's RFC 3161 token, checked against the video's SHA-256 (lower-case hex). */
export function VideoTimestampPanel({
  token,
  sha256,
  locale,
}: {
  token: string;
  sha256: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [check, setCheck] = useState<TimestampCheck | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setCheck(undefined);
    const bytes = base64Bytes(token);
    (bytes ? checkTimestampToken(bytes, { sha256: hexBytes(sha256) }) : Promise.resolve(undefined))
      .catch(() => undefined)
      .then((result) => {
        if (live) setCheck(result ?? null);
      });
    return () => {
      live = false;
    };
  }, [token, sha256]);
  const good = check && check.imprintMatches && check.signatureValid;
  return (
    <section
      className={`verify-card evidence-card ${check === undefined ? '' : good ? 'verify-good' : 'verify-bad'}`}
      aria-labelledby={headingId}
      data-testid="video-timestamp"
    >
      <h2 id={headingId}>{t('evidence.video.heading')}</h2>
      {check === undefined && <p>{t('evidence.video.working')}</p>}
      {check === null && <p className="verify-bad-text">{t('evidence.video.unreadable')}</p>}
      {check && (
        <>
          <p className={good ? 'verify-good-text' : 'verify-bad-text'}>
            {!check.imprintMatches
              ? t('evidence.video.mismatch')
              : !check.signatureValid
                ? t('evidence.video.invalid')
                : t('evidence.video.matches')}
          </p>
          <dl className="verify-facts">
            <dt>{t('evidence.fields.trustedTime')}</dt>
            <dd data-testid="video-trusted-time">
              <TimeValue iso={check.genTime} locale={locale} />
            </dd>
            <dt>{t('evidence.fields.authority')}</dt>
            <dd>{check.authority}</dd>
            <dt>{t('evidence.fields.serial')}</dt>
            <dd className="mono">{check.serialHex}</dd>
          </dl>
        </>
      )}
    </section>
  );
}
