import { api, type CallDefinition } from '@lianmeng/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer';
import { openApiDocument } from './openApi';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

// Enumerated here from the contract itself, apart from the code under test: a call the document leaves out fails.
const CALLS = Object.entries(api).flatMap(([area, calls]) =>
  Object.entries(calls as Record<string, CallDefinition>).map(([name, call]) => ({ id: `${area}.${name}`, call })),
);
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

interface Operation {
  operationId: string;
  summary: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with every call of the contract, its parameters, body, envelope and Chinese errors', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const document = response.json() as {
      openapi: string;
      servers: { url: string }[];
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
      paths: Record<string, Record<string, Operation>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/', description: '本站（与本文档同一地址）' }]);
    expect(document.components.securitySchemes).toMatchObject({
      consoleSession: { type: 'apiKey', in: 'cookie', name: 'lm_console' },
      xsrfHeader: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
      cardHolderToken: { type: 'apiKey', in: 'header', name: 'Authorization' },
    });
    expect(CALLS.length).toBeGreaterThan(40);
    for (const { id, call } of CALLS) {
      const operation = document.paths[openApiPath(call.path)]?.[call.method.toLowerCase()];
      expect(operation, `${id} (${call.method} ${call.path}) is missing`).toBeDefined();
      if (!operation) continue;
      expect(operation.operationId).toBe(id);
      expect(operation.summary).toBe(call.summary);
      if (call.responseKind === 'bytes') {
        // A download answers with the file itself; its refusals are the envelope like every other call's.
        expect(Object.keys(operation.responses['200']?.content ?? {})).toEqual(['application/octet-stream']);
      } else {
        const success = operation.responses['200']?.content?.['application/json']?.schema as {
          properties: Record<string, unknown>;
        };
        expect(Object.keys(success.properties)).toEqual(['status', 'message', 'data']);
      }
      expect(operation.responses['400']?.description).toMatch(/[\u4e00-\u9fff]/);
      if (call.access !== 'anonymous') expect(operation.responses['401']?.description).toMatch(/请先登录/);
      if (call.xsrf) expect(operation.responses['403']?.description).toContain('安全校验未通过');
      const queryNames = Object.keys((call.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
      expect(operation.parameters.filter((parameter) => parameter.in === 'query').map((p) => p.name)).toEqual(
        queryNames,
      );
      expect(Boolean(operation.requestBody)).toBe(call.bodyKind !== 'none');
      // The credentials, from the call's own access and anti-forgery fields, all required together.
      const schemes = [
        ...(call.access === 'cardHolder' ? ['cardHolderToken'] : []),
        ...(call.access !== 'anonymous' && call.access !== 'cardHolder' ? ['consoleSession'] : []),
        ...(call.xsrf ? ['xsrfHeader'] : []),
      ];
      expect(operation.security, id).toEqual(schemes.length ? [Object.fromEntries(schemes.map((n) => [n, []]))] : []);
    }
    const search = document.paths['/lianmeng/img/imageMsgSearch']?.post;
    expect(Object.keys(search?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual([
      'belongSortid',
      'isOpen',
      'photoTitle',
    ]);
  });
});

describe('GET /api/docs', () => {
  it('is a readable Chinese page listing every call, with no script, under the site’s CSP', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = response.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<html lang="zh-CN">');
    for (const { id, call } of CALLS) {
      expect(html, `${id} is missing from the page`).toContain(`<section id="${id}">`);
      expect(html).toContain(`<code>${openApiPath(call.path)}</code>`);
    }
    expect(html).toContain('您的角色没有权限执行此操作');
  });
});

describe('the document’s servers', () => {
  it('names the public address, and the account centre’s host on the calls sent there', () => {
    const document = openApiDocument({
      publicUrl: 'https://www.example.org',
      hosts: { main: '', uc: 'https://uc.example.org', sso: '' },
    }) as unknown as { servers: { url: string }[]; paths: Record<string, Record<string, { servers?: unknown }>> };
    expect(document.servers.map((server) => server.url)).toEqual(['https://www.example.org']);
    const ucCall = api.uc.info;
    expect(document.paths[ucCall.path]?.[ucCall.method.toLowerCase()]?.servers).toEqual([
      { url: 'https://uc.example.org', description: '账号中心（{uc}）' },
    ]);
    const mainCall = api.site.settings;
    expect(document.paths[mainCall.path]?.[mainCall.method.toLowerCase()]?.servers).toBeUndefined();
  });
});
