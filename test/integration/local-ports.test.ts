// The local cloud's sockets: on this machine only (issue #36 item 3), and bound by each service
// itself on port 0, so that a start never loses its port to another socket (issue #35).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, childEnv } from '../support/spawn-cloud.mjs';
import { isLoopback, listeners, processTree } from '../support/listeners';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (the integration global setup sets it)`);
  return value;
};

describe('the local cloud’s listening sockets', () => {
  it('are all on 127.0.0.1, none on a wildcard address, and hold every endpoint', () => {
    const pids = processTree(Number(env('TEST_CLOUD_PID')));
    const found = listeners(pids);
    const wildcard = found.filter((l) => !isLoopback(l.address));
    expect(wildcard).toEqual([]);

    const endpoints = [
      env('TEST_APP_URL'),
      env('TEST_MAILBOX_URL'),
      env('TEST_STRIPE_URL'),
      env('TEST_CHAIN_RPC_URL'),
      env('AWS_ENDPOINT_URL_DYNAMODB'),
      env('AWS_ENDPOINT_URL_S3'),
      env('AWS_ENDPOINT_URL_SES'),
      env('AWS_ENDPOINT_URL_SQS'),
      env('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'),
    ].map((u) => Number(new URL(u).port));
    const ports = new Set(found.map((l) => l.port));
    expect(endpoints.filter((p) => !ports.has(p))).toEqual([]);
    // DynamoDB Local (java) and cognito-local run as child processes: their sockets are seen too.
    expect(new Set(found.map((l) => l.pid)).size).toBeGreaterThanOrEqual(3);
  });
});

/** Outgoing connections opened and closed without pause: ephemeral ports taken from the range the
 *  services' port 0 comes from (what used to steal a reserved-then-released port). */
function churnEphemeralPorts(parallel: number) {
  const sink = net.createServer((socket) => {
    socket.on('error', () => undefined);
    // The server closes first: TIME_WAIT stays on its side, not on the machine's ephemeral ports.
    setTimeout(() => socket.destroy(), 10 + Math.random() * 40);
  });
  let running = true;
  let connections = 0;
  let errors = 0;
  const loops: Promise<void>[] = [];
  const ready = new Promise<number>((resolve) =>
    sink.listen(0, '127.0.0.1', () => resolve((sink.address() as net.AddressInfo).port)),
  );
  const loop = async () => {
    const port = await ready;
    while (running) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('connect', () => connections++);
        socket.on('error', () => {
          errors++;
          resolve();
        });
        socket.on('close', () => resolve());
      });
    }
  };
  for (let i = 0; i < parallel; i++) loops.push(loop());
  return {
    stats: () => ({ connections, errors }),
    stop: async () => {
      running = false;
      await Promise.all(loops);
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    },
  };
}

describe('starting the local cloud with every port 0', () => {
  it('binds every port in the service itself: many starts in a row while ports churn, no EADDRINUSE', async () => {
    const runs = Number(process.env.LOCAL_PORT_RUNS ?? 6);
    const dataDir = path.join(env('TEST_RUN_DIR'), 'listeners');
    fs.mkdirSync(dataDir, { recursive: true });
    const churn = churnEphemeralPorts(8);
    let output = '';
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'test/support/start-listeners.ts', String(runs), dataDir],
        { cwd: ROOT, env: childEnv({}), stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', resolve);
    });
    await churn.stop();
    const done = output.split('\n').filter((l) => l.startsWith('RUN '));
    const stats = churn.stats();
    console.log(
      `${done.length} starts with every port 0 while ${stats.connections} outgoing connections churned ports`,
    );
    expect(output).not.toMatch(/EADDRINUSE|address already in use|is busy/i);
    expect({ code, failed: output.split('\n').find((l) => l.startsWith('FAILED')) }).toEqual({
      code: 0,
      failed: undefined,
    });
    expect(done).toHaveLength(runs);
    // Every run held eight distinct ports, all read back from the sockets (none is 0).
    for (const line of done) {
      const { ports } = JSON.parse(line.slice(4)) as { ports: number[] };
      expect(new Set(ports).size).toBe(8);
      expect(ports.every((p) => p > 0)).toBe(true);
    }
    expect(stats.connections).toBeGreaterThan(runs * 100);
  }, 240000);
});
