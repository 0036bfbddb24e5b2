import net from 'node:net';

/** One clear line for a port problem, never a stack trace. */
export class LocalCloudError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalCloudError';
  }
}

/** Resolves to the port actually free: the wanted one, or any free one when wanted is 0. */
export function reservePort(
  wanted: number,
  label: string,
  variable: string,
  host = '127.0.0.1',
): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') {
        reject(
          new LocalCloudError(
            `Port ${wanted} (${label}) is busy. Set ${variable}=<another port> (0 picks a free one).`,
          ),
        );
      } else reject(err);
    });
    server.listen(wanted, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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
