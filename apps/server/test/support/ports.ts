import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// Ports are drawn below the kernel's ephemeral range. A port the OS hands out for `listen(0)` comes
// from the same range as the local ports of outgoing connections, so between the pick and the
// server's own bind (seconds, in a cluster that starts a database and two instances first) any
// connection could take it and the server fail with "Address already in use". Outgoing connections
// never use a port below that range.
const FLOOR = 20000;

function ephemeralStart(): number {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (start && Number.isInteger(start)) return start;
  } catch {
    // not Linux: fall back to the IANA dynamic range's start
  }
  return 49152;
}

const ceiling = ephemeralStart();
const handedOut = new Set<number>();

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function osPick(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A TCP port free on the loopback right now, for a server a test starts itself; never one handed out before in this process. */
export async function freePort(): Promise<number> {
  if (ceiling - FLOOR < 1000) return osPick();
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = FLOOR + Math.floor(Math.random() * (ceiling - FLOOR));
    if (handedOut.has(port)) continue;
    if (await bindable(port)) {
      handedOut.add(port);
      return port;
    }
  }
  return osPick();
}
