// A fault switch for tests (issue #36), started only when LOCAL_FAULTS=1 (never by a plain
// `npm start`): the local cloud's mail path can be taken down and brought back while it runs, so a
// test can watch real mail jobs fail, dead-letter and be recovered.
//
// The handlers' mailer (and the SMS that go to the local mailbox) sends through a TCP relay in front
// of the mailbox. While the switch says "down", the relay drops every connection it holds and refuses
// new ones at once (the SDK sees the connection reset, as with a mailbox that died); "up" relays
// again. The mailbox itself keeps running, so the test still reads what arrived. Everything listens
// on 127.0.0.1 only. Control: POST <url>/mailbox/down, POST <url>/mailbox/up, GET <url>/ (state).
// Issue #30: POST <url>/tsa/down closes both local timestamp authorities' ports (connections refused),
// POST <url>/tsa/up opens them again (local/trust/).
import http from 'node:http';
import net from 'node:net';
import { SESClient } from '@aws-sdk/client-ses';
import { getConfig } from '../lambdas/config';
import { getDeps, setDeps } from '../lambdas/deps';
import { sdkBounds } from '../lambdas/adapters/sdk-bounds';
import { SesMailer } from '../lambdas/adapters/ses-mailer';
import { MailboxSms } from '../lambdas/adapters/sms';
import type { LocalTrust } from './trust/index';

export interface FaultSwitch {
  /** The control URL. */
  readonly url: string;
  stop(): Promise<void>;
}

/** True when the environment asks for the fault switch. */
export function faultsEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.LOCAL_FAULTS === '1';
}

function listen(server: net.Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port));
  });
}

function close(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A relay to `target` that can refuse; `down()` also cuts the connections it holds. */
export function faultyRelay(target: { host: string; port: number }) {
  let down = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return {
    server,
    isDown: () => down,
    setDown(value: boolean) {
      down = value;
      if (value) for (const socket of open) socket.resetAndDestroy();
    },
  };
}

export async function startFaultSwitch(options: {
  mailboxUrl: string;
  /** The local trust services, whose timestamp authorities /tsa/down and /tsa/up control. */
  trust?: LocalTrust;
  host?: string;
  log: (line: string) => void;
}): Promise<FaultSwitch> {
  const host = options.host ?? '127.0.0.1';
  const mailbox = new URL(options.mailboxUrl);
  const relay = faultyRelay({ host: mailbox.hostname, port: Number(mailbox.port) });
  const relayPort = await listen(relay.server, host);

  // The handlers' mail path goes through the relay from now on (the same adapters, another endpoint).
  const c = getConfig();
  const mailer = new SesMailer(
    new SESClient({ region: c.AWS_REGION, endpoint: `http://${host}:${relayPort}`, ...sdkBounds() }),
    c.MAIL_FROM,
    c.MAIL_REPLY_TO,
  );
  const deps = getDeps();
  setDeps({ ...deps, mailer, sms: c.SMS_MODE === 'mailbox' ? new MailboxSms(mailer) : deps.sms });

  const control = http.createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const authorities = options.trust
      ? [options.trust.authorities.primary, options.trust.authorities.fallback]
      : [];
    const mailboxState = () => ({ mailbox: relay.isDown() ? 'down' : 'up' });
    const tsaState = () => ({ tsa: authorities.some((a) => a.paused) ? 'down' : 'up' });
    if (req.method === 'GET' && req.url === '/')
      return reply(200, { ...mailboxState(), ...(options.trust ? tsaState() : {}) });
    const match = req.method === 'POST' ? /^\/(mailbox|tsa)\/(down|up)$/.exec(req.url ?? '') : null;
    if (!match || (match[1] === 'tsa' && !options.trust))
      return reply(404, { error: 'POST /mailbox/down or /mailbox/up (/tsa/down, /tsa/up); GET /' });
    if (match[1] === 'mailbox') {
      relay.setDown(match[2] === 'down');
      options.log(`Fault switch: the mailbox is ${match[2]}.`);
      return reply(200, mailboxState());
    }
    void Promise.all(authorities.map((a) => (match[2] === 'down' ? a.pause() : a.resume()))).then(
      () => {
        options.log(`Fault switch: the timestamp authorities are ${match[2]}.`);
        reply(200, tsaState());
      },
      (err: unknown) => reply(500, { error: String(err) }),
    );
  });
  const controlPort = await listen(control, host);
  return {
    url: `http://${host}:${controlPort}`,
    async stop() {
      relay.setDown(true);
      control.closeAllConnections();
      await Promise.all([close(relay.server), close(control)]);
    },
  };
}
