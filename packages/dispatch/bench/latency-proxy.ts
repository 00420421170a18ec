import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A running {@link startLatencyProxy}: the loopback port it listens on, and how to stop it. */
export interface LatencyProxy {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback that holds every chunk for `delayMilliseconds` in each direction before
 * passing it on (so a round trip gains twice the delay), standing in for the network between
 * machines where the kernel has no `tc netem`. Chunks keep their order: timers of one duration
 * fire in the order they were set.
 */
export async function startLatencyProxy(options: { readonly targetHost: string; readonly targetPort: number; readonly delayMilliseconds: number }): Promise<LatencyProxy> {
  const sockets = new Set<Socket>();
  const forward = (from: Socket, to: Socket): void => {
    from.on('data', (chunk: Buffer) => {
      if (options.delayMilliseconds === 0) to.write(chunk);
      else setTimeout(() => to.writable && to.write(chunk), options.delayMilliseconds);
    });
    from.on('end', () => setTimeout(() => to.end(), options.delayMilliseconds));
    from.on('error', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(options.targetPort, options.targetHost);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
