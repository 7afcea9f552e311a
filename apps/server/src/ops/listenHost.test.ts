import { describe, expect, it, vi } from 'vitest';
import { listenHost } from './listenHost';

describe('the address the server listens on', () => {
  it('is `::` (IPv4 and IPv6) where the machine has IPv6', async () => {
    const warn = vi.fn();
    expect(await listenHost('::', warn, async () => true)).toBe('::');
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to 0.0.0.0, saying so, where it has none', async () => {
    const warn = vi.fn();
    expect(await listenHost('::', warn, async () => false)).toBe('0.0.0.0');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('listening on IPv4 only'));
  });

  it('is any other configured address as it is, unprobed', async () => {
    const ipv6 = vi.fn(async () => false);
    expect(await listenHost('127.0.0.1', vi.fn(), ipv6)).toBe('127.0.0.1');
    expect(ipv6).not.toHaveBeenCalled();
  });

  it('probes this machine for real', async () => {
    expect(['::', '0.0.0.0']).toContain(await listenHost('::', () => undefined));
  });
});
