import type net from 'node:net';

/** One clear line for a port problem, never a stack trace. */
export class LocalCloudError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalCloudError';
  }
}

/** The host every local service listens on: this machine only (issue #36), never a wildcard. */
export const LOCAL_HOST = '127.0.0.1';

/** What a busy fixed port says: its number, its service and the variable that sets it. */
export function busyPortMessage(port: number, label: string, variable: string): string {
  return `Port ${port} (${label}) is busy. Set ${variable}=<another port> (0 picks a free one).`;
}

/** A listen error as the one line a person can act on (EADDRINUSE/EACCES), other errors as they are. */
export function portError(err: unknown, wanted: number, label: string, variable: string): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE' || code === 'EACCES')
    return new LocalCloudError(busyPortMessage(wanted, label, variable));
  return err;
}

/**
 * Makes `server` listen on host:wanted (0: the system picks a free port) and resolves with the port
 * it actually holds, read back from the listening socket. The port is never reserved, released and
 * re-bound by someone else (issue #35): whoever binds it keeps it.
 */
export function listenOn(
  server: net.Server,
  wanted: number,
  label: string,
  variable: string,
  host = LOCAL_HOST,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(portError(err, wanted, label, variable));
    server.once('error', onError);
    server.listen(wanted, host, () => {
      server.off('error', onError);
      resolve(listeningPort(server));
    });
  });
}

/** The port a listening server holds. */
export function listeningPort(server: net.Server): number {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The server is not listening on TCP.');
  return address.port;
}

export async function waitFor(
  probe: () => Promise<boolean>,
  what: string,
  timeoutMs = 30000,
  intervalMs = 150,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await probe()) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new LocalCloudError(`${what} did not start within ${Math.round(timeoutMs / 1000)} s.`);
}
