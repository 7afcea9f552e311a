import net from 'node:net';

/** Whether this machine can listen on IPv6's any-address (a container or kernel without IPv6 cannot). */
const canListenOnIpv6 = () =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(0, '::', () => probe.close(() => resolve(true)));
  });

/**
 * The address to listen on: the configured one, except that `::` (IPv4 and IPv6 alike, the default) becomes
 * `0.0.0.0` on a machine without IPv6, with `warn` saying so, rather than the server failing to start.
 */
export const listenHost = async (host: string, warn: (message: string) => void, ipv6 = canListenOnIpv6) => {
  if (host !== '::' || (await ipv6())) return host;
  warn('this machine has no IPv6: listening on IPv4 only (0.0.0.0)');
  return '0.0.0.0';
};
