import { isDeepStrictEqual } from 'node:util';
import type { CallDefinition } from '@lianmeng/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { accessChecks } from './access';
import { publicAnswerKey } from './publicAnswers';
import { parseOrRefuse } from './validation';

export interface RouteContext<Q, B, P> {
  query: Q;
  body: B;
  params: P;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /**
   * For a public read whose answer depends only on its URL, its body and the site's content: the answer is
   * kept, serialised, under the URL and body until the site version changes. A function says whether this
   * request's answer may be shared (a console session that sees closed items gets its own).
   */
  keep?: true | ((request: FastifyRequest) => Promise<boolean> | boolean);
  /** When a kept answer stops being true with no write (asked once, when the answer is kept); null: never. */
  keepUntil?: () => Promise<Date | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    contractCheck: boolean;
  }
}

/**
 * The handlers build their answers from typed rows, so checking each answer against the response schema
 * proves nothing new in production and costs a full walk of every answer. The test suites and the
 * whole-system tests (which run the production build with CONTRACT_CHECK=1) check every answer, and check
 * that the schema neither dropped nor changed a thing: what production sends unchecked is exactly what the
 * tests checked. A failed check is a 500 with an error log line.
 */
export const registerContractCheck = (app: FastifyInstance, enabled: boolean) => {
  app.decorate('contractCheck', enabled);
};

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Registers one call of the contract. Who may make it comes from the definition (`access`, `xsrf`) and is
 * checked before the request is read; the request is checked against its schemas before the handler runs.
 */
export const defineRoute = <Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  call: CallDefinition<Q, B, P, R>,
  handler: (context: RouteContext<z.output<Q>, z.output<B>, z.output<P>>) => Promise<z.input<R>>,
  options: RouteOptions = {},
) => {
  if (!app.accessGuards) throw new Error(`register the access guards before the route of ${call.path}`);
  const checks = accessChecks(call, app.accessGuards);
  if (!app.hasDecorator('contractCheck'))
    throw new Error(`register the contract check before the route of ${call.path}`);
  const checkResponses = app.contractCheck;

  const answer = (request: FastifyRequest, data: unknown): unknown => {
    if (!checkResponses) return data;
    const checked = call.response.safeParse(data);
    if (
      !checked.success ||
      !isDeepStrictEqual(JSON.parse(JSON.stringify(checked.data)), JSON.parse(JSON.stringify(data)))
    ) {
      request.log.error(
        { call: call.summary, issues: checked.success ? 'fields dropped or changed' : checked.error.issues },
        'response does not match the contract',
      );
      throw new Error('response does not match the contract');
    }
    return checked.data;
  };

  app.route({
    method: call.method,
    url: call.path,
    preHandler: checks.map((check) => async (request: FastifyRequest) => check(request)),
    handler: async (request, reply) => {
      let shared = options.keep === true;
      if (typeof options.keep === 'function') {
        const decided = options.keep(request);
        shared = typeof decided === 'boolean' ? decided : await decided;
      }
      // A repeated read is answered before its input is parsed: the same URL and body were parsed, and
      // answered, the first time.
      const key = shared ? publicAnswerKey(request.method, request.url, request.body) : '';
      const fresh = shared ? app.publicAnswers.peek(key) : null;
      if (fresh) return reply.code(200).type(JSON_TYPE).send(fresh);
      const kept = shared ? await app.publicAnswers.get(key) : null;
      if (kept?.body) return reply.code(200).type(JSON_TYPE).send(kept.body);

      const query = (
        call.query ? parseOrRefuse(call.query, request.query ?? {}, '查询参数') : undefined
      ) as z.output<Q>;
      const params = (
        call.params ? parseOrRefuse(call.params, request.params ?? {}, '路径参数') : undefined
      ) as z.output<P>;
      const body = (call.body ? parseOrRefuse(call.body, request.body ?? {}, '请求内容') : undefined) as z.output<B>;
      const data = answer(request, await handler({ query, body, params, request, reply }));
      if (!kept) return reply.code(200).send({ status: 200, message: '操作成功', data });
      const serialised = JSON.stringify({ status: 200, message: '操作成功', data });
      const until = options.keepUntil ? await options.keepUntil() : null;
      app.publicAnswers.set(key, kept.version, serialised, until?.getTime());
      return reply.code(200).type(JSON_TYPE).send(serialised);
    },
  });
};
