/**
 * A TCP port nothing listens on, for tests that need a connection to be refused.
 */
import { createServer } from 'node:net';

/** Binds port 0 on loopback, notes the port the kernel gave, and releases it. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
