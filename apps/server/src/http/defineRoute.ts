import type { CallDefinition } from '@lianmeng/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { accessChecks } from './access';
import { parseOrRefuse } from './validation';

export interface RouteContext<Q, B, P> {
  query: Q;
  body: B;
  params: P;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one call of the contract. Who may make it comes from the definition (`access`, `xsrf`) and is
 * checked before the request is read; the request is checked against its schemas before the handler runs,
 * and what the handler returns is checked against the response schema before it is sent.
 */
export const defineRoute = <Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  call: CallDefinition<Q, B, P, R>,
  handler: (context: RouteContext<z.output<Q>, z.output<B>, z.output<P>>) => Promise<z.input<R>>,
) => {
  if (!app.accessGuards) throw new Error(`register the access guards before the route of ${call.path}`);
  const checks = accessChecks(call, app.accessGuards);
  app.route({
    method: call.method,
    url: call.path,
    preHandler: checks.map((check) => async (request: FastifyRequest) => check(request)),
    handler: async (request, reply) => {
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
