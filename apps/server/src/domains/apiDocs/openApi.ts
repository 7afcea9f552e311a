import { api, type CallDefinition } from '@lianmeng/core';
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
};

/** The OpenAPI 3.1 document of every call, generated from the contract's zod schemas. */
export const openApiDocument = () => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { id, call } of contractCalls()) {
    const openApiPath = call.path.replace(/:(\w+)/g, '{$1}');
    const bodyType = BODY_TYPES[call.bodyKind];
    const responses: Record<string, unknown> = {
      '200': { description: '成功', content: { 'application/json': { schema: envelope(call.response) } } },
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
        parameters: parametersOf(call),
        ...(bodyType
          ? {
              requestBody: {
                required: true,
                content: {
                  [bodyType]: { schema: call.body ? requestSchema(call.body) : { type: 'object' } },
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
    },
    paths,
  };
};
