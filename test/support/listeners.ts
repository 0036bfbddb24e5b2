// The TCP sockets a process tree listens on, read from /proc (Linux; no package needed): what
// `ss -ltnp` shows, for the test that the local cloud listens on this machine only (issue #36).
import fs from 'node:fs';

export interface Listener {
  pid: number;
  address: string;
  port: number;
}

/** `pid` and every process below it. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const next = queue.shift()!;
    tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return tree;
}

/** The socket inodes a process holds open, mapped to its pid. */
function socketInodes(pids: number[]): Map<string, number> {
  const inodes = new Map<string, number>();
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode) inodes.set(inode, pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  return inodes;
}

/** /proc/net/tcp{,6} hold addresses as 32-bit words in host (little-endian) order. */
export function decodeAddress(hex: string): string {
  const words = hex.match(/.{8}/g)!.map((w) => w.match(/../g)!.reverse().join(''));
  if (words.length === 1)
    return words[0]!
      .match(/../g)!
      .map((b) => parseInt(b, 16))
      .join('.');
  const groups = words
    .join('')
    .match(/.{4}/g)!
    .map((g) => parseInt(g, 16).toString(16));
  const v6 = groups.join(':');
  // ::ffff:a.b.c.d (IPv4-mapped) and the usual zero compression.
  const mapped = /^0:0:0:0:0:ffff:([0-9a-f]+):([0-9a-f]+)$/.exec(v6);
  if (mapped) {
    const n = (parseInt(mapped[1]!, 16) << 16) | parseInt(mapped[2]!, 16);
    return `::ffff:${[n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.')}`;
  }
  return v6.replace(/(^|:)0(:0)+(:|$)/, '::').replace(/:{3,}/, '::');
}

/** The TCP sockets in LISTEN state (0A) held by `pids`. */
export function listeners(pids: number[]): Listener[] {
  const inodes = socketInodes(pids);
  const found: Listener[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = fs.readFileSync(file, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue; // no IPv6
    }
    for (const line of lines) {
      const f = line.trim().split(/\s+/);
      const [local, state, inode] = [f[1]!, f[3]!, f[9]!];
      if (state !== '0A' || !inodes.has(inode)) continue;
      const [addressHex, portHex] = local.split(':') as [string, string];
      found.push({
        pid: inodes.get(inode)!,
        address: decodeAddress(addressHex),
        port: parseInt(portHex, 16),
      });
    }
  }
  return found;
}

export const isLoopback = (address: string) =>
  /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);
