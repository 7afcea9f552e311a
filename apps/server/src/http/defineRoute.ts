import type { CallDefinition } from '@lianmeng/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from './apiError';
import { containsNul, parseOrRefuse } from './validation';

export interface RouteContext<Q, B, P> {
  query: Q;
  body: B;
  params: P;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Checks that run before the request is read (anti-forgery, session, role); they throw ApiError. */
  preHandler?: ((request: FastifyRequest, reply: FastifyReply) => Promise<void>)[];
  /** Fastify route config, e.g. rate limits. */
  config?: Record<string, unknown>;
  bodyLimit?: number;
}

/**
 * Registers one call of the contract: the request is checked against its schemas before the handler
 * runs, and what the handler returns is checked against the response schema before it is sent.
 */
export const defineRoute = <Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  call: CallDefinition<Q, B, P, R>,
  options: RouteOptions,
  handler: (context: RouteContext<z.output<Q>, z.output<B>, z.output<P>>) => Promise<z.input<R>>,
) => {
  app.route({
    method: call.method,
    url: call.path,
    preHandler: options.preHandler,
    config: options.config,
    bodyLimit: options.bodyLimit,
    handler: async (request, reply) => {
      if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
        throw badRequest('请求中含有无效字符');
      }
      const query = call.query ? parseOrRefuse(call.query, request.query ?? {}, '查询参数') : undefined;
      const params = call.params ? parseOrRefuse(call.params, request.params ?? {}, '路径参数') : undefined;
      const body = call.body ? parseOrRefuse(call.body, request.body ?? {}, '请求内容') : undefined;
      const data = await handler({
        query: query as z.output<Q>,
        body: body as z.output<B>,
        params: params as z.output<P>,
        request,
        reply,
      });
      const checked = call.response.safeParse(data);
      if (!checked.success) {
        request.log.error({ call: call.summary, issues: checked.error.issues }, 'response does not match the contract');
        throw new Error('response does not match the contract');
      }
      return reply.code(200).send({ status: 200, message: '操作成功', data: checked.data });
    },
  });
};
