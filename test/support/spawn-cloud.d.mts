import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const FREE_PORTS: Record<string, string>;
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv;
export interface CloudInfo {
  appUrl: string;
  mailboxUrl: string;
  endpoints: Record<'dynamodb' | 's3' | 'ses' | 'cognito' | 'sqs', string>;
  resources: { userPoolId: string; userPoolClientId: string; tableName: string; documentsBucket: string };
  chain: { rpcUrl: string; chainId: number; contractAddress: string; deployedAt: string };
  demoAccounts: { email: string; password: string; name: string; admin?: boolean }[];
  handlerEnv: Record<string, string>;
  /** The local trust services (issue #30): timestamp authorities, OCSP responder, CA files. */
  trust: { tsaUrls: [string, string]; ocspUrl: string; rootFile: string; intermediateFile: string };
  /** The fault switch's control URL, when started with LOCAL_FAULTS=1 (local/faults.ts). */
  faultsUrl?: string;
}
export function startCloudProcess(options: {
  dataDir: string;
  logFile: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<{ child: ChildProcess; info: CloudInfo }>;
export function stopCloudProcess(child: ChildProcess): Promise<void>;
