import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Asks the store's own GET /api/ready once, over a connection of its own, as a load balancer's
 * health check would: called as soon as the server listens, before any visitor comes.
 *
 * Without it, V8 can make Node's HTTP code slower for the life of the process: when the server
 * draws a page and then waits, even 20 ms, having served a single connection until then, every
 * request after costs about half as much again (GET /api/tools: 38,000–41,000 req/s against
 * 55,000–61,000). One request on a second connection, at any time before that, prevents it.
 * Decision 023 has the measurements.
 */
export function askOwnAddress(server: Server): Promise<void> {
  const { address, port } = server.address() as AddressInfo;
  // Listening on every interface: its loopback address of the same family answers.
  const host = address === '::' ? '::1' : address === '0.0.0.0' ? '127.0.0.1' : address;
  return new Promise((resolve) => {
    const request = get({ host, port, path: '/api/ready', agent: false }, (res) => {
      res.resume().on('end', resolve).on('error', resolve);
    });
    // Nothing depends on the answer: a failure only leaves the store as it would be without it.
    request.on('error', () => resolve());
    request.setTimeout(2_000, () => request.destroy());
  });
}
