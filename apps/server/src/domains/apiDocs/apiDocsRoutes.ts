import type { FastifyInstance } from 'fastify';
import { contractCalls, type DocumentOptions, describeAccess, errorsOf, openApiDocument } from './openApi';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const schemaText = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2));

/**
 * A readable page of every call, rendered on the server from the same document: no script (the site's
 * policy allows only its own), so it works under the CSP and without a viewer library.
 */
const docsPage = (document: ReturnType<typeof openApiDocument>) => {
  const sections = contractCalls().map(({ id, call }) => {
    const path = call.path.replace(/:(\w+)/g, '{$1}');
    const operation = document.paths[path]?.[call.method.toLowerCase()] as {
      parameters: { name: string; in: string; required: boolean; schema: unknown }[];
      requestBody?: { content: Record<string, { schema: unknown }> };
      responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
    };
    const parameters = operation.parameters
      .map(
        (parameter) =>
          `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${parameter.in === 'path' ? '路径' : '查询'}</td><td>${parameter.required ? '必填' : '可选'}</td><td><code>${schemaText(parameter.schema)}</code></td></tr>`,
      )
      .join('');
    const body = operation.requestBody
      ? Object.entries(operation.requestBody.content)
          .map(([type, content]) => `<p>请求体（${escapeHtml(type)}）：</p><pre>${schemaText(content.schema)}</pre>`)
          .join('')
      : '';
    // A download (`bytes`) answers with the file itself rather than the envelope.
    const success =
      operation.responses['200']?.content?.['application/json']?.schema ??
      operation.responses['200']?.content?.['application/octet-stream']?.schema;
    const errors = errorsOf(call)
      .map(([status, message]) => `<li><code>${status}</code> ${escapeHtml(message)}</li>`)
      .join('');
    return `<section id="${escapeHtml(id)}">
<h2><span class="method">${call.method}</span> <code>${escapeHtml(path)}</code></h2>
<p>${escapeHtml(call.summary)}（<code>${escapeHtml(id)}</code>）</p>
<p>调用者：${escapeHtml(describeAccess(call))}</p>
${parameters ? `<table><thead><tr><th>参数</th><th>位置</th><th>是否必填</th><th>取值</th></tr></thead><tbody>${parameters}</tbody></table>` : ''}
${body}
<details><summary>成功时的信封</summary><pre>${schemaText(success)}</pre></details>
<p>失败时（<code>{status, message}</code>，message 为中文）：</p><ul>${errors}</ul>
</section>`;
  });
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API 文档 - 全国学校体育联盟（机器人运动）</title>
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;max-width:960px;margin:0 auto;padding:1rem;line-height:1.6;color:#1f2328}
section{border-top:1px solid #d0d7de;padding:.5rem 0}h2{font-size:1.1rem}.method{background:#0b4ea2;color:#fff;padding:0 .4rem;border-radius:3px}
pre{background:#f6f8fa;padding:.5rem;overflow:auto;max-height:24rem}table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.2rem .4rem;text-align:left;vertical-align:top}td code{white-space:pre-wrap}</style>
</head><body><main>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description)}</p>
<p>机器可读的 OpenAPI 3.1 文档：<a href="/api/openapi.json">/api/openapi.json</a>（由接口契约自动生成）。</p>
<nav aria-label="调用目录"><ul>${contractCalls()
    .map(
      ({ id, call }) =>
        `<li><a href="#${escapeHtml(id)}">${call.method} ${escapeHtml(call.path)}</a> ${escapeHtml(call.summary)}</li>`,
    )
    .join('')}</ul></nav>
${sections.join('\n')}
</main></body></html>`;
};

/** `/api/openapi.json` and `/api/docs`, built once from the contract at start-up. */
export const registerApiDocsRoutes = (app: FastifyInstance, options: DocumentOptions = {}) => {
  const document = openApiDocument(options);
  const json = JSON.stringify(document);
  const html = docsPage(document);
  app.get('/api/openapi.json', async (_request, reply) =>
    reply.header('Content-Type', 'application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(json),
  );
  app.get('/api/docs', async (_request, reply) =>
    reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html),
  );
};
