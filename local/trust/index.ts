// The local cloud's trust services (issue #30, architecture §22): a certificate authority (root +
// issuing intermediate, ./ca.ts), its OCSP responder (./ocsp-responder.ts) and two RFC 3161
// timestamp authorities, primary and fallback (./tsa.ts), as real HTTP services on 127.0.0.1 —
// what a public CA and public TSAs are when deployed. `npm start` starts them (local/cloud.ts) and
// hands the handlers TSA_URLS and SEAL_SIGNER_FILE (the sealing key, certified by this CA).
// It is part of the local cloud, not of the product.
import path from 'node:path';
import { DEFAULT_TSA_CERT_DAYS, ensureLocalPki, type LocalPki } from './ca';
import type { Listener } from './http';
import { startOcspResponder } from './ocsp-responder';
import { startTsaServer, timestampAuthority } from './tsa';

export { LOCAL_TSA_POLICY } from './tsa';

export interface LocalTrustOptions {
  dataDir: string;
  host: string;
  /** 0: a free port each. */
  ports: { tsa: number; tsaFallback: number; ocsp: number };
  log?: (line: string) => void;
  /** The authorities' clock (genTime, OCSP times, certificate validity); the system clock by default. */
  now?: () => Date;
  /** Lifetime of the TSA certificates, days (fractions allowed); 5 years by default. */
  tsaCertificateDays?: number;
  /** Both authorities' next serial (tests: a fixed serial); otherwise each counter goes on. */
  tsaSerialStart?: bigint;
  /** nextUpdate − thisUpdate of OCSP answers, seconds; a day by default. */
  ocspNextUpdateSeconds?: number;
}

/** One timestamp authority, which a test can take down (connections refused) and bring back. */
export interface LocalAuthority {
  readonly url: string;
  readonly paused: boolean;
  pause(): Promise<void>;
  resume(): Promise<void>;
}

export interface LocalTrust {
  /** [primary, fallback]: what TSA_URLS carries. */
  readonly tsaUrls: readonly [string, string];
  readonly ocspUrl: string;
  readonly rootPem: string;
  readonly intermediatePem: string;
  /** The PEM files, for `openssl … -CAfile <rootFile> -untrusted <intermediateFile>`. */
  readonly rootFile: string;
  readonly intermediateFile: string;
  /** The sealing key's PKCS#12 bundle (SEAL_SIGNER_FILE). */
  readonly signerFile: string;
  readonly authorities: { readonly primary: LocalAuthority; readonly fallback: LocalAuthority };
  /** The CA itself: its certificates and index (tests revoke through it). */
  readonly pki: LocalPki;
  stop(): Promise<void>;
}

export async function startLocalTrust(options: LocalTrustOptions): Promise<LocalTrust> {
  const log = options.log ?? (() => undefined);
  const { host } = options;
  // The responder's port first: every certificate below the root names its URL.
  const ocsp = await startOcspResponder({ host, port: options.ports.ocsp, log });
  const listeners: Listener[] = [ocsp];
  const stop = async () => {
    await Promise.all(listeners.map((l) => l.stop()));
  };
  try {
    const pki = await ensureLocalPki({
      dataDir: options.dataDir,
      ocspUrl: ocsp.url,
      now: options.now,
      tsaCertificateDays: options.tsaCertificateDays ?? DEFAULT_TSA_CERT_DAYS,
      log,
    });
    ocsp.ready({ pki, now: options.now, nextUpdateSeconds: options.ocspNextUpdateSeconds });
    const authority = (index: 0 | 1) =>
      timestampAuthority({
        holder: (at) => pki.timestampHolder(index, at),
        intermediate: pki.intermediate,
        counterFile: path.join(pki.dir, `tsa${index + 1}-serial.json`),
        serialStart: options.tsaSerialStart,
        now: options.now,
      });
    const primary = await startTsaServer(authority(0), {
      host,
      port: options.ports.tsa,
      label: 'local TSA',
      variable: 'LOCAL_TSA_PORT',
      log,
    });
    listeners.push(primary);
    const fallback = await startTsaServer(authority(1), {
      host,
      port: options.ports.tsaFallback,
      label: 'local TSA (fallback)',
      variable: 'LOCAL_TSA_FALLBACK_PORT',
      log,
    });
    listeners.push(fallback);
    return {
      tsaUrls: [primary.url, fallback.url],
      ocspUrl: ocsp.url,
      rootPem: pki.root.pem,
      intermediatePem: pki.intermediate.pem,
      rootFile: pki.root.file,
      intermediateFile: pki.intermediate.file,
      signerFile: pki.signerFile,
      authorities: { primary, fallback },
      pki,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
