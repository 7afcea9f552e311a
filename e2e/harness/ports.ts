// The one free-port probe of the repository's tests and benchmarks: no imports beyond Node's own, so the
// benchmarks can use it without loading the browser harness.
import net from 'node:net';

/** A port nothing listens on right now, on the loopback address, from the system's own choice. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
