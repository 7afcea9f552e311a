import { api, type CallDefinition, CONSOLE_SESSION_COOKIE, HEADERS, XSRF_COOKIE } from '@lianmeng/core';
import { z } from 'zod';

export interface ContractCall {
  /** `area.name`, as the contract names it (`img.search`). */
  id: string;
  call: CallDefinition;
}

/** Every call of the contract, in its order. */
export const contractCalls = (): ContractCall[] =>
  Object.entries(api).flatMap(([area, calls]) =>
    Object.entries(calls as Record<string, CallDefinition>).map(([name, call]) => ({ id: `${area}.${name}`, call })),
  );

const ACCESS_NAMES: Record<CallDefinition['access'], string> = {
  anonymous: '任何人',
  cardHolder: '持卡人（Authorization 头携带登录令牌）',
  staff: '管理台内容运营及以上（会话 Cookie）',
  editor: '管理台编辑及以上（会话 Cookie）',
  admin: '管理台系统管理员（会话 Cookie）',
};

/** The Chinese refusals a caller may meet, by who may make the call. */
export const errorsOf = (call: CallDefinition): [status: string, message: string][] => [
  ['400', '请求内容不符合要求：message 逐项说明哪个字段应当怎样'],
  ...(call.access === 'cardHolder' ? [['401', '请先登录（或登录已失效）'] as [string, string]] : []),
  ...(call.access === 'staff' || call.access === 'editor' || call.access === 'admin'
    ? [['401', '请先登录管理台'] as [string, string], ['403', '您的角色没有权限执行此操作'] as [string, string]]
    : []),
  ...(call.xsrf ? [['403', '安全校验未通过，请刷新页面后重试'] as [string, string]] : []),
  ['503', '服务器繁忙，请稍后再试'],
];

export const describeAccess = (call: CallDefinition) =>
  `${ACCESS_NAMES[call.access]}${call.xsrf ? '；须带防伪头（与 XSRF Cookie 相同）' : ''}`;

// Requests are described as they are sent (before the schemas' transforms), answers as they arrive.
const requestSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
const responseSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });

const envelope = (data: z.ZodType) => ({
  type: 'object',
  required: ['status', 'message'],
  properties: {
    status: { type: 'integer', description: '与 HTTP 状态码相同，成功为 200' },
    message: { type: 'string', description: '中文说明；失败时为拒绝的原因' },
    data: responseSchema(data),
  },
});

const failureEnvelope = (status: string, message: string) => ({
  description: message,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['status', 'message'],
        properties: { status: { type: 'integer' }, message: { type: 'string' } },
      },
      example: { status: Number(status), message },
    },
  },
});

const parametersOf = (call: CallDefinition) => {
  const parameters: Record<string, unknown>[] = [];
  for (const [where, schema] of [
    ['query', call.query],
    ['path', call.params],
  ] as const) {
    if (!schema) continue;
    const json = requestSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      parameters.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return parameters;
};

const BODY_TYPES: Record<CallDefinition['bodyKind'], string> = {
  none: '',
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  bytes: 'application/octet-stream',
};

/**
 * The three credentials a call may need, named once. The anti-forgery header is a credential of its own: a
 * log-in call needs it with no session, a console call needs it beside the session cookie.
 */
const SECURITY_SCHEMES = {
  consoleSession: {
    type: 'apiKey',
    in: 'cookie',
    name: CONSOLE_SESSION_COOKIE,
    description: `管理台会话 Cookie，登录（POST /lianmeng/auth/login）时设置；站点以 https 访问时名为 __Host-${CONSOLE_SESSION_COOKIE}`,
  },
  xsrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: HEADERS.xsrf,
    description: `防伪头：与服务器设置的 ${XSRF_COOKIE} Cookie 取值相同（双重提交），证明请求来自本站页面`,
  },
  cardHolderToken: {
    type: 'apiKey',
    in: 'header',
    name: HEADERS.authorization,
    description: '持卡人登录令牌：登录接口返回的 token，原样放入 Authorization 头（也接受 Bearer 前缀）',
  },
} as const;

type SchemeName = keyof typeof SECURITY_SCHEMES;

/** The credentials the call needs, all together (one requirement); none for an anonymous call without one. */
export const securityOf = (call: CallDefinition): Partial<Record<SchemeName, []>>[] => {
  const needed: SchemeName[] = [];
  if (call.access === 'cardHolder') needed.push('cardHolderToken');
  else if (call.access !== 'anonymous') needed.push('consoleSession');
  if (call.xsrf) needed.push('xsrfHeader');
  return needed.length === 0 ? [] : [Object.fromEntries(needed.map((name) => [name, []]))];
};

export interface DocumentOptions {
  /** PUBLIC_URL: where the site is reached; unset, the calls are relative to the document's own address. */
  publicUrl?: string | undefined;
  /** The account centre's and the single-sign-on host's origins, when they are not this server. */
  hosts?: { main: string; uc: string; sso: string };
}

const HOST_NAMES: Record<CallDefinition['host'], string> = {
  main: '主站',
  uc: '账号中心（{uc}）',
  sso: '单点登录主机',
};

/** The OpenAPI 3.1 document of every call, generated from the contract's zod schemas. */
export const openApiDocument = (options: DocumentOptions = {}) => {
  const site = options.publicUrl ?? '/';
  const serversOf = (host: CallDefinition['host']) => {
    const origin = options.hosts?.[host];
    return origin ? [{ url: origin, description: HOST_NAMES[host] }] : undefined;
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { id, call } of contractCalls()) {
    const openApiPath = call.path.replace(/:(\w+)/g, '{$1}');
    const bodyType = BODY_TYPES[call.bodyKind];
    const responses: Record<string, unknown> = {
      '200':
        call.responseKind === 'bytes'
          ? {
              description: '文件内容（附件下载，支持 Range 请求）',
              content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
            }
          : { description: '成功', content: { 'application/json': { schema: envelope(call.response) } } },
    };
    for (const [status, message] of errorsOf(call)) {
      const earlier = responses[status] as { description: string } | undefined;
      responses[status] = failureEnvelope(status, earlier ? `${earlier.description}；或：${message}` : message);
    }
    paths[openApiPath] = {
      ...paths[openApiPath],
      [call.method.toLowerCase()]: {
        operationId: id,
        summary: call.summary,
        description: `调用者：${describeAccess(call)}`,
        tags: [id.split('.')[0]],
        security: securityOf(call),
        ...(call.host !== 'main' && serversOf(call.host) ? { servers: serversOf(call.host) } : {}),
        parameters: parametersOf(call),
        ...(bodyType
          ? {
              requestBody: {
                required: true,
                content: {
                  [bodyType]: {
                    schema: call.body
                      ? requestSchema(call.body)
                      : call.bodyKind === 'bytes'
                        ? { type: 'string', format: 'binary' }
                        : { type: 'object' },
                  },
                },
              },
            }
          : {}),
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '全国学校体育联盟（机器人运动）门户 API',
      version: '1.0.0',
      description:
        '每个调用都以 {status, message, data} 信封作答；失败时 status 与 HTTP 状态码相同，message 为中文原因。',
      // Not published under an open licence: an SPDX reference of the project's own, as SPDX provides for that.
      license: { name: '专有软件，保留所有权利', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      {
        url: serversOf('main')?.[0]?.url ?? site,
        description: options.publicUrl ? '本站' : '本站（与本文档同一地址）',
      },
    ],
    components: { securitySchemes: SECURITY_SCHEMES },
    paths,
  };
};
