import { api, RUNTIME_CONFIG_ELEMENT_ID } from '@lianmeng/core';
import { describe, expect, it, vi } from 'vitest';
import { setupPortalServer } from '../testing/portalServer';

const server = setupPortalServer();

// A file of its own: the test loads the portal's modules afresh (`vi.resetModules`), and a test after it in the
// same file would then render pages whose lazily loaded modules are not the ones its own imports hold.
describe('the runtime configuration', () => {
  it('sends the portal’s calls to the main host the server configured', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = RUNTIME_CONFIG_ELEMENT_ID;
    block.textContent = JSON.stringify({
      hosts: { main: 'https://main.example.cn', uc: '', sso: '' },
      ssoReturnOrigins: [],
    });
    document.body.append(block);
    vi.resetModules();
    try {
      const hosts: string[] = [];
      server.events.on('request:start', ({ request }) => {
        hosts.push(new URL(request.url).origin);
      });
      const { http } = await import('./api');
      const result = await http.call(api.site.settings, {});
      expect(result.ok).toBe(true);
      expect(hosts).toEqual(['https://main.example.cn']);
    } finally {
      block.remove();
    }
  });
});
