// Deploy-time settings: read once from CDK context and the environment, checked, and handed to the
// stacks as plain values. Nothing under lib/ reads context or the environment.
import type { Node } from 'constructs';
import type { MailIdentityMode } from '../lib/constructs/notifications.js';
import { parseMailFrom } from '../lib/constructs/notifications.js';
import type { ChainProps } from '../lib/constructs/chain.js';
import { ANCHOR_MODES, MERKLE_BATCH_MAX, type AnchorMode } from '../shared/domain/anchoring.js';

export interface FederatedClientSettings {
  readonly clientId: string;
  readonly clientSecretName: string;
}

export interface DeploySettings {
  /** Stack names are `<prefix>Stateful` and `<prefix>App`. */
  readonly stackPrefix: string;
  readonly account?: string;
  readonly region?: string;
  readonly mailFrom: string;
  readonly mailIdentity: MailIdentityMode;
  readonly sesSandboxRecipients: readonly string[];
  /** Without trailing slash. */
  readonly siteUrl?: string;
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
  readonly siteAssetPath: string;
  readonly corsAllowedOrigins: readonly string[];
  readonly federation?: {
    readonly domainPrefix: string;
    readonly callbackUrls: readonly string[];
    readonly logoutUrls: readonly string[];
    readonly google?: FederatedClientSettings;
    readonly line?: FederatedClientSettings;
  };
  readonly threatProtection: boolean;
  readonly webAclArn?: string;
  /** The managed web ACL's limits (lib/constructs/waf.ts); undefined with webAclArn or waf=false. */
  readonly firewall?: { readonly apiRateLimit: number; readonly sendingRateLimit: number };
  /** A custom domain for the API origin: the default execute-api endpoint is then disabled. */
  readonly apiDomain?: { readonly domainName: string; readonly certificateArn: string };
  /** Bump to replace the secret CloudFront sends to the API (x-origin-verify). */
  readonly originVerifyGeneration: number;
  readonly cspConnectSources: readonly string[];
  /** Minimum age to sign up (architecture §14). */
  readonly minAge: number;
  /** The API stage's throttling (requests a second, and burst); docs/performance.md § Cost per contract
   *  says what 1 million contracts a day needs. */
  readonly apiThrottle: { readonly rateLimit: number; readonly burstLimit: number };
  /** Secrets Manager secret with the sealing key (issue #6, docs/deploy.md). */
  readonly sealSignerSecretName: string;
  /** The anchoring chain (architecture §9); undefined until the operator has deployed the contract. */
  readonly chain?: ChainSettings;
  /** Long-term evidence (issue #30, docs/deploy.md): the sealing key in KMS, the timestamp authorities
   *  and when waiting seals alarm. */
  readonly evidence: EvidenceSettings;
  /** Payments (issue #18, docs/deploy.md): the Secrets Manager secret with the Stripe keys and the
   *  price ids (`plan=price_…,…`). */
  readonly payments: { readonly secretName: string; readonly priceIds: string };
}

export interface EvidenceSettings {
  /** An existing KMS key (RSA_2048, SIGN_VERIFY) to use; undefined: the stateful stack creates one. */
  readonly sealKmsKeyArn?: string;
  /** RFC 3161 authorities, primary first (TSA_URLS). */
  readonly tsaUrls: readonly string[];
  /** Per authority (TSA_TIMEOUT_MS); undefined: the functions' default. */
  readonly tsaTimeoutMs?: number;
  /** The seal-wait alarm's threshold, in minutes. */
  readonly sealWaitAlarmMinutes: number;
}

/** Public RFC 3161 authorities used until the operator chooses theirs (docs/deploy.md). */
/** The API stage's throttling when the context sets none (lib/constructs/api.ts's default). */
export const DEFAULT_API_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

export const DEFAULT_TSA_URLS = ['http://timestamp.digicert.com', 'http://timestamp.sectigo.com'] as const;

/** The chain as the deploy settings give it: the Chain construct's props (lib/constructs/chain.ts) but
 *  the per-call timeout, which the functions' configuration defaults. */
export type ChainSettings = Omit<ChainProps, 'timeoutMs'>;

/** A deploy-setting problem, told in one line that names the context key. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}

/** Every context key the app reads (docs/deploy.md describes each); `text()` only accepts these. */
export const CONTEXT_KEYS = [
  'stackPrefix',
  'mailFrom',
  'mailIdentity',
  'sesSandboxRecipients',
  'siteUrl',
  'certificateArn',
  'siteAssetPath',
  'googleClientId',
  'googleClientSecretName',
  'lineChannelId',
  'lineChannelSecretName',
  'authDomainPrefix',
  'cognitoThreatProtection',
  'webAclArn',
  'waf',
  'wafApiRateLimit',
  'wafSendingRateLimit',
  'apiDomainName',
  'apiCertificateArn',
  'originVerifyGeneration',
  'cspConnectSrc',
  'minAge',
  'sealSignerSecretName',
  'stripeSecretName',
  'stripePriceIds',
  'chainRpcUrl',
  'chainId',
  'chainContractAddress',
  'chainMinterSecretName',
  'chainName',
  'chainExplorerTxUrl',
  'chainMaxFeeGwei',
  'chainPublicRpcUrl',
  'anchorMode',
  'chainMerkleContractAddress',
  'anchorBatchSize',
  'anchorBatchAgeSeconds',
  'sealKmsKeyArn',
  'tsaUrls',
  'tsaTimeoutMs',
  'sealWaitAlarmMinutes',
  'apiRateLimit',
  'apiBurstLimit',
] as const;

type Env = Readonly<Record<string, string | undefined>>;

export function readSettings(node: Node, env: Env): DeploySettings {
  const text = (key: (typeof CONTEXT_KEYS)[number]): string | undefined => {
    const value: unknown = node.tryGetContext(key);
    if (value === undefined || value === null) return undefined;
    const str = String(value).trim();
    return str === '' ? undefined : str;
  };
  const list = (key: (typeof CONTEXT_KEYS)[number]): string[] =>
    (text(key) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);

  const stackPrefix = text('stackPrefix') ?? 'SignSeal';
  if (!/^[A-Za-z][A-Za-z0-9-]{0,80}$/.test(stackPrefix)) {
    throw new SettingsError(
      `Context stackPrefix "${stackPrefix}" must start with a letter and hold only letters, digits and '-'.`,
    );
  }

  const mailFrom = text('mailFrom');
  if (!mailFrom)
    throw new SettingsError(
      'Context mailFrom is missing: deploy with -c mailFrom="SignSeal <no-reply@example.com>".',
    );
  try {
    parseMailFrom(mailFrom);
  } catch {
    throw new SettingsError(`Context mailFrom "${mailFrom}" is not an e-mail address or "Name <address>".`);
  }
  const mailIdentity = (text('mailIdentity') ?? 'domain') as MailIdentityMode;
  if (!['domain', 'address', 'existing'].includes(mailIdentity)) {
    throw new SettingsError(`Context mailIdentity "${mailIdentity}" must be domain, address or existing.`);
  }
  const sesSandboxRecipients = list('sesSandboxRecipients');
  for (const recipient of sesSandboxRecipients) {
    if (!/^[^@\s]+@[^@\s]+$/.test(recipient)) {
      throw new SettingsError(
        `Context sesSandboxRecipients holds "${recipient}", which is not an e-mail address.`,
      );
    }
  }

  let siteUrl = text('siteUrl');
  let customDomain: DeploySettings['customDomain'];
  if (siteUrl) {
    let url: URL;
    try {
      url = new URL(siteUrl);
    } catch {
      throw new SettingsError(`Context siteUrl "${siteUrl}" is not a URL.`);
    }
    if (url.protocol !== 'https:' || url.pathname !== '/' || url.search || url.hash) {
      throw new SettingsError(
        `Context siteUrl "${siteUrl}" must be an https origin such as https://sign.example.com.`,
      );
    }
    siteUrl = url.origin;
    if (!url.hostname.endsWith('.cloudfront.net')) {
      const certificateArn = text('certificateArn');
      if (!certificateArn) {
        throw new SettingsError(
          `Context siteUrl ${siteUrl} is a custom domain: give -c certificateArn=<ACM certificate in us-east-1>.`,
        );
      }
      if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\//.test(certificateArn)) {
        throw new SettingsError(
          'Context certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront reads certificates only there).',
        );
      }
      customDomain = { domainName: url.hostname, certificateArn };
    }
  }

  const pair = (idKey: (typeof CONTEXT_KEYS)[number], secretKey: (typeof CONTEXT_KEYS)[number]) => {
    const clientId = text(idKey);
    const clientSecretName = text(secretKey);
    if (!clientId && !clientSecretName) return undefined;
    if (!clientId || !clientSecretName) {
      throw new SettingsError(`Context ${idKey} and ${secretKey} go together: give both or neither.`);
    }
    return { clientId, clientSecretName };
  };
  const google = pair('googleClientId', 'googleClientSecretName');
  const line = pair('lineChannelId', 'lineChannelSecretName');
  let federation: DeploySettings['federation'];
  if (google || line) {
    const domainPrefix = text('authDomainPrefix');
    if (!domainPrefix) {
      throw new SettingsError(
        'Google or LINE sign-in needs context authDomainPrefix (the Cognito domain prefix, unique in the region).',
      );
    }
    if (
      !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(domainPrefix) ||
      /aws|amazon|cognito/.test(domainPrefix)
    ) {
      throw new SettingsError(
        `Context authDomainPrefix "${domainPrefix}" must be lower-case letters, digits and '-' and not contain aws, amazon or cognito.`,
      );
    }
    if (!siteUrl) {
      throw new SettingsError(
        'Google or LINE sign-in needs context siteUrl: Cognito only redirects back to registered URLs.',
      );
    }
    federation = {
      domainPrefix,
      callbackUrls: [`${siteUrl}/`],
      logoutUrls: [`${siteUrl}/`],
      google,
      line,
    };
  } else if (text('authDomainPrefix')) {
    throw new SettingsError(
      'Context authDomainPrefix is only used with Google or LINE sign-in; give their client ids too, or drop it.',
    );
  }

  const threatProtectionText = text('cognitoThreatProtection') ?? 'true';
  if (!['true', 'false'].includes(threatProtectionText)) {
    throw new SettingsError(
      `Context cognitoThreatProtection "${threatProtectionText}" must be true or false.`,
    );
  }

  const webAclArn = text('webAclArn');
  if (webAclArn && !/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\//.test(webAclArn)) {
    throw new SettingsError(
      'Context webAclArn must be a WAFv2 web ACL with scope CLOUDFRONT (arn:aws:wafv2:us-east-1:<account>:global/webacl/...).',
    );
  }

  const wafText = text('waf') ?? 'true';
  if (!['true', 'false'].includes(wafText)) {
    throw new SettingsError(`Context waf "${wafText}" must be true or false.`);
  }
  const whole = (key: (typeof CONTEXT_KEYS)[number], fallback: number, min: number, max: number) => {
    const value = text(key) ?? String(fallback);
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
      throw new SettingsError(`Context ${key} "${value}" must be a whole number from ${min} to ${max}.`);
    }
    return n;
  };
  // WAF's rate-based rules count from 10 requests per window.
  const firewall =
    webAclArn || wafText === 'false'
      ? undefined
      : {
          apiRateLimit: whole('wafApiRateLimit', 1000, 10, 2_000_000_000),
          sendingRateLimit: whole('wafSendingRateLimit', 100, 10, 2_000_000_000),
        };

  const apiDomainName = text('apiDomainName');
  const apiCertificateArn = text('apiCertificateArn');
  if (Boolean(apiDomainName) !== Boolean(apiCertificateArn)) {
    throw new SettingsError('Context apiDomainName and apiCertificateArn go together: give both or neither.');
  }
  if (
    apiDomainName &&
    !/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(apiDomainName)
  ) {
    throw new SettingsError(`Context apiDomainName "${apiDomainName}" is not a lower-case host name.`);
  }
  const region = env.CDK_DEFAULT_REGION || undefined;
  if (apiCertificateArn) {
    const match = /^arn:aws[a-z-]*:acm:([a-z0-9-]+):\d{12}:certificate\//.exec(apiCertificateArn);
    if (!match) throw new SettingsError('Context apiCertificateArn must be an ACM certificate ARN.');
    if (region && match[1] !== region) {
      throw new SettingsError(
        `Context apiCertificateArn must be in the app's region ${region} (API Gateway reads regional certificates there).`,
      );
    }
  }
  const originVerifyGeneration = whole('originVerifyGeneration', 1, 1, 1_000_000);

  const cspConnectSources = list('cspConnectSrc');
  for (const source of cspConnectSources) {
    if (!/^(https|wss):\/\/[^\s;,'"]+$/.test(source)) {
      throw new SettingsError(
        `Context cspConnectSrc holds "${source}"; give https:// or wss:// origins, comma-separated.`,
      );
    }
  }

  const minAgeText = text('minAge') ?? '18';
  const minAge = Number(minAgeText);
  if (!Number.isInteger(minAge) || minAge < 1 || minAge > 120) {
    throw new SettingsError(`Context minAge "${minAgeText}" must be a whole number of years, e.g. 18.`);
  }

  const wholeAtLeastOne = (key: 'apiRateLimit' | 'apiBurstLimit', fallback: number): number => {
    const raw = text(key);
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 1) {
      throw new SettingsError(
        `Context ${key} "${raw}" must be a whole number of requests a second, e.g. 1000.`,
      );
    }
    return value;
  };
  const apiThrottle = {
    rateLimit: wholeAtLeastOne('apiRateLimit', DEFAULT_API_THROTTLE.rateLimit),
    burstLimit: wholeAtLeastOne('apiBurstLimit', DEFAULT_API_THROTTLE.burstLimit),
  };
  if (apiThrottle.burstLimit < apiThrottle.rateLimit) {
    throw new SettingsError(
      `Context apiBurstLimit (${apiThrottle.burstLimit}) must be at least apiRateLimit (${apiThrottle.rateLimit}).`,
    );
  }

  const sealSignerSecretName = text('sealSignerSecretName') ?? 'signseal/sealing-key';
  if (!/^[A-Za-z0-9/_+=.@-]{1,512}$/.test(sealSignerSecretName)) {
    throw new SettingsError(
      `Context sealSignerSecretName "${sealSignerSecretName}" is not a Secrets Manager secret name.`,
    );
  }

  const chain = readChain(text);
  const evidence = readEvidence(text, region);

  const stripeSecretName = text('stripeSecretName') ?? 'signseal/stripe';
  if (!/^[A-Za-z0-9/_+=.@-]{1,512}$/.test(stripeSecretName)) {
    throw new SettingsError(
      `Context stripeSecretName "${stripeSecretName}" is not a Secrets Manager secret name.`,
    );
  }
  const stripePriceIds = text('stripePriceIds') ?? '';
  const priceEntry = /^(month_personal|month_standard|year_personal|year_standard|price_onetime)=price_\w+$/;
  for (const entry of stripePriceIds.split(',').filter((e) => e.trim())) {
    if (!priceEntry.test(entry.trim())) {
      throw new SettingsError(
        `Context stripePriceIds entry "${entry.trim()}" must be plan=price_… (plans: month_personal, month_standard, year_personal, year_standard, price_onetime).`,
      );
    }
  }

  return {
    minAge,
    apiThrottle,
    sealSignerSecretName,
    chain,
    evidence,
    payments: { secretName: stripeSecretName, priceIds: stripePriceIds },
    stackPrefix,
    account: env.CDK_DEFAULT_ACCOUNT || undefined,
    region,
    mailFrom,
    mailIdentity,
    sesSandboxRecipients,
    siteUrl,
    customDomain,
    siteAssetPath: text('siteAssetPath') ?? 'web/dist',
    // Without a site URL the browser origin is the distribution's own, which the app stack sets on the
    // bucket once the distribution exists (lib/constructs/documents-cors.ts).
    corsAllowedOrigins: siteUrl ? [siteUrl] : [],
    federation,
    threatProtection: threatProtectionText === 'true',
    webAclArn,
    firewall,
    apiDomain:
      apiDomainName && apiCertificateArn
        ? { domainName: apiDomainName, certificateArn: apiCertificateArn }
        : undefined,
    originVerifyGeneration,
    cspConnectSources,
  };
}

const CHAIN_KEYS = ['chainRpcUrl', 'chainId', 'chainContractAddress', 'chainMinterSecretName'] as const;

/** The chain keys go together: all four, or none (the app then deploys without anchoring). */
function readChain(
  text: (key: (typeof CONTEXT_KEYS)[number]) => string | undefined,
): ChainSettings | undefined {
  const given = CHAIN_KEYS.filter((key) => text(key) !== undefined);
  if (given.length === 0) {
    if (text('anchorMode') === 'merkle')
      throw new SettingsError(`Context anchorMode=merkle needs the chain (${CHAIN_KEYS.join(', ')}).`);
    if (text('chainPublicRpcUrl'))
      throw new SettingsError(`Context chainPublicRpcUrl needs the chain (${CHAIN_KEYS.join(', ')}).`);
    return undefined;
  }
  if (given.length < CHAIN_KEYS.length) {
    const missing = CHAIN_KEYS.filter((key) => !given.includes(key));
    throw new SettingsError(
      `Context ${missing.join(', ')} missing: the chain needs ${CHAIN_KEYS.join(', ')} together (see docs/deploy.md, Chain).`,
    );
  }
  const rpcUrl = text('chainRpcUrl')!;
  let url: URL;
  try {
    url = new URL(rpcUrl);
  } catch {
    throw new SettingsError('Context chainRpcUrl is not a URL.');
  }
  // Hosted RPC URLs carry an API key in their path: never echo the value.
  if (url.protocol !== 'https:') throw new SettingsError('Context chainRpcUrl must be an https:// URL.');
  const chainIdText = text('chainId')!;
  const chainId = Number(chainIdText);
  if (!/^\d+$/.test(chainIdText) || !Number.isSafeInteger(chainId) || chainId < 1) {
    throw new SettingsError(`Context chainId "${chainIdText}" must be a positive whole number, e.g. 80002.`);
  }
  const contractAddress = text('chainContractAddress')!;
  if (!/^0x[0-9a-fA-F]{40}$/.test(contractAddress)) {
    throw new SettingsError(
      `Context chainContractAddress "${contractAddress}" must be a 0x-prefixed 20-byte address (npm run contract:deploy prints it).`,
    );
  }
  const minterSecretName = text('chainMinterSecretName')!;
  if (!/^[A-Za-z0-9/_+=.@-]{1,512}$/.test(minterSecretName)) {
    throw new SettingsError(`Context chainMinterSecretName "${minterSecretName}" is not a secret name.`);
  }
  const explorerTxUrl = text('chainExplorerTxUrl');
  if (explorerTxUrl && !/^https:\/\/\S*\{txHash\}\S*$/.test(explorerTxUrl)) {
    throw new SettingsError(
      'Context chainExplorerTxUrl must be an https URL holding {txHash}, e.g. https://amoy.polygonscan.com/tx/{txHash}.',
    );
  }
  // Issue #32: the gas budget — the highest fee per gas the minter pays (mints and claims' transfers).
  const maxFeeText = text('chainMaxFeeGwei');
  const maxFeeGwei = maxFeeText === undefined ? undefined : Number(maxFeeText);
  if (maxFeeGwei !== undefined && !(Number.isFinite(maxFeeGwei) && maxFeeGwei > 0)) {
    throw new SettingsError(
      `Context chainMaxFeeGwei "${maxFeeText}" must be a positive number of gwei, e.g. 200.`,
    );
  }
  const anchoring = readAnchorMode(text);
  const publicRpcUrl = readPublicRpcUrl(text, url, anchoring.anchorMode);
  return {
    rpcUrl,
    chainId,
    contractAddress,
    minterSecretName,
    name: text('chainName'),
    explorerTxUrl,
    ...(maxFeeGwei === undefined ? {} : { maxFeeGwei }),
    ...anchoring,
    ...(publicRpcUrl ? { publicRpcUrl } : {}),
  };
}

/** Issue #33: the public JSON-RPC URL the verify page's browser asks whether a Merkle root is on chain
 *  (written to /config.json and allowed by the CSP's connect-src: anyone reads it). Given, it is used in
 *  either mode. Unset in merkle mode, chainRpcUrl stands in only when it is a bare https origin
 *  (nothing after the host, where a provider's API key would sit); otherwise merkle mode needs it. */
function readPublicRpcUrl(
  text: (key: (typeof CONTEXT_KEYS)[number]) => string | undefined,
  rpcUrl: URL,
  anchorMode: AnchorMode | undefined,
): string | undefined {
  const given = text('chainPublicRpcUrl');
  if (given !== undefined) {
    let url: URL;
    try {
      url = new URL(given);
    } catch {
      throw new SettingsError(`Context chainPublicRpcUrl "${given}" is not a URL.`);
    }
    if (url.protocol !== 'https:' || url.username || url.password || url.hash)
      throw new SettingsError(
        `Context chainPublicRpcUrl "${given}" must be an https:// URL without user or fragment, e.g. https://rpc-amoy.polygon.technology.`,
      );
    return url.href;
  }
  if (anchorMode !== 'merkle') return undefined;
  const bare = rpcUrl.pathname === '/' && !rpcUrl.search && !rpcUrl.username && !rpcUrl.password;
  if (bare) return rpcUrl.origin;
  throw new SettingsError(
    'Context anchorMode=merkle needs chainPublicRpcUrl: a public https JSON-RPC URL of the same chain that the verify page asks from the browser (chainRpcUrl has a path or query, where an API key may sit, so it is not published).',
  );
}

/** Issue #33: how documents are anchored — 'token' (the default, as the spec says) or 'merkle', with
 *  the MerkleAnchor contract and the batch's size and age (docs/anchoring.md). */
function readAnchorMode(
  text: (key: (typeof CONTEXT_KEYS)[number]) => string | undefined,
): Pick<ChainSettings, 'anchorMode' | 'merkleContractAddress' | 'batchSize' | 'batchAgeSeconds'> {
  const given = text('anchorMode');
  const mode = given ?? 'token';
  if (!(ANCHOR_MODES as readonly string[]).includes(mode))
    throw new SettingsError(`Context anchorMode "${mode}" must be ${ANCHOR_MODES.join(' or ')}.`);
  const merkleContractAddress = text('chainMerkleContractAddress');
  if (merkleContractAddress !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(merkleContractAddress))
    throw new SettingsError(
      `Context chainMerkleContractAddress "${merkleContractAddress}" must be a 0x-prefixed 20-byte address (CHAIN_CONTRACT=MerkleAnchor npm run contract:deploy prints it).`,
    );
  if (mode === 'merkle' && !merkleContractAddress)
    throw new SettingsError('Context anchorMode=merkle needs chainMerkleContractAddress.');
  const whole = (key: 'anchorBatchSize' | 'anchorBatchAgeSeconds', max: number): number | undefined => {
    const t = text(key);
    if (t === undefined) return undefined;
    const n = Number(t);
    if (!/^\d+$/.test(t) || n < 1 || n > max)
      throw new SettingsError(`Context ${key} "${t}" must be a whole number from 1 to ${max}.`);
    return n;
  };
  const batchSize = whole('anchorBatchSize', MERKLE_BATCH_MAX);
  const batchAgeSeconds = whole('anchorBatchAgeSeconds', MAX_BATCH_AGE_SECONDS);
  return {
    // Unset: the Chain construct's default ('token').
    ...(given ? { anchorMode: mode as AnchorMode } : {}),
    ...(merkleContractAddress ? { merkleContractAddress } : {}),
    ...(batchSize ? { batchSize } : {}),
    ...(batchAgeSeconds ? { batchAgeSeconds } : {}),
  };
}

/** SQS delays a message 15 minutes at most: the batch's age bound (its flush job's delay). */
const MAX_BATCH_AGE_SECONDS = 900;

/** The seal worker's budget for the timestamp round trips: every authority timing out must still
 *  leave the seal its time within the worker's 120 s (shared/infra/definitions.ts QUEUES). */
const TSA_BUDGET_MS = 60_000;

/** Long-term evidence (issue #30): the KMS key to import, the timestamp authorities, the alarm. */
function readEvidence(
  text: (key: (typeof CONTEXT_KEYS)[number]) => string | undefined,
  region: string | undefined,
): EvidenceSettings {
  const sealKmsKeyArn = text('sealKmsKeyArn');
  if (sealKmsKeyArn) {
    const match = /^arn:aws[a-z-]*:kms:([a-z0-9-]+):\d{12}:key\/(?:[0-9a-f-]{36}|mrk-[0-9a-f]{32})$/.exec(
      sealKmsKeyArn,
    );
    if (!match) {
      throw new SettingsError(
        'Context sealKmsKeyArn must be a KMS key ARN (arn:aws:kms:<region>:<account>:key/<key id>), not an alias.',
      );
    }
    if (region && match[1] !== region) {
      throw new SettingsError(`Context sealKmsKeyArn must be a key in the app's region ${region}.`);
    }
  }

  const tsaText = text('tsaUrls');
  const tsaUrls = tsaText
    ? tsaText
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : [...DEFAULT_TSA_URLS];
  if (tsaUrls.length < 1 || tsaUrls.length > 4) {
    throw new SettingsError(
      `Context tsaUrls must list 1 to 4 timestamp authorities (it lists ${tsaUrls.length}).`,
    );
  }
  for (const item of tsaUrls) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.hash) {
      throw new SettingsError(
        `Context tsaUrls holds "${item}", which is not an http:// or https:// URL of a timestamp authority (without credentials).`,
      );
    }
  }
  if (new Set(tsaUrls).size !== tsaUrls.length) {
    throw new SettingsError('Context tsaUrls names an authority twice: the fallback must be another one.');
  }

  const whole = (key: 'tsaTimeoutMs' | 'sealWaitAlarmMinutes', min: number, max: number) => {
    const value = text(key);
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
      throw new SettingsError(`Context ${key} "${value}" must be a whole number from ${min} to ${max}.`);
    }
    return n;
  };
  const tsaTimeoutMs = whole('tsaTimeoutMs', 1000, 30_000);
  // The functions' default (lambdas/config.ts TSA_TIMEOUT_MS) is 10 s.
  if ((tsaTimeoutMs ?? 10_000) * tsaUrls.length > TSA_BUDGET_MS) {
    throw new SettingsError(
      `Context tsaTimeoutMs × the ${tsaUrls.length} tsaUrls must stay within ${TSA_BUDGET_MS / 1000} s, so that a seal whose authorities all time out still ends within its worker's time.`,
    );
  }
  return {
    sealKmsKeyArn,
    tsaUrls,
    tsaTimeoutMs,
    sealWaitAlarmMinutes: whole('sealWaitAlarmMinutes', 5, 1440) ?? 15,
  };
}
