import { isDeepStrictEqual } from 'node:util';
import type { CallDefinition } from '@lianmeng/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type CachePolicy, routeCache } from '../cache/publicReads';
import { accessChecks } from './access';
import { type FileAnswer, sendFileAnswer } from './fileAnswer';
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
   * The route's cache policy (cache/publicReads.ts): for a public read whose answer depends only on its URL,
   * its body and the site's content, the serialised answer is stored when the handler first answers and
   * served from the cache until the site version changes.
   */
  cache?: CachePolicy;
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

/** A request's query, path parameters and body, each checked against the call's schema (a 400 when not). */
const contextOf = <Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  call: CallDefinition<Q, B, P, R>,
  request: FastifyRequest,
  reply: FastifyReply,
): RouteContext<z.output<Q>, z.output<B>, z.output<P>> => ({
  query: (call.query ? parseOrRefuse(call.query, request.query ?? {}, '查询参数') : undefined) as z.output<Q>,
  params: (call.params ? parseOrRefuse(call.params, request.params ?? {}, '路径参数') : undefined) as z.output<P>,
  body: (call.body ? parseOrRefuse(call.body, request.body ?? {}, '请求内容') : undefined) as z.output<B>,
  request,
  reply,
});

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
  if (call.responseKind === 'bytes')
    throw new Error(`${call.path} answers with bytes: register it with defineFileRoute`);
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

  const cache = options.cache ? routeCache(app, options.cache) : null;
  const guards = checks.map((check) => async (request: FastifyRequest) => check(request));

  app.route({
    method: call.method,
    url: call.path,
    // The cache is looked up once the caller may make the call and Fastify has parsed the body.
    preHandler: cache ? [...guards, cache.lookup] : guards,
    handler: async (request, reply) => {
      const data = answer(request, await handler(contextOf(call, request, reply)));
      const envelope = { status: 200, message: '操作成功', data };
      if (!cache) return reply.code(200).send(envelope);
      return cache.send(request, reply, JSON.stringify(envelope));
    },
  });
};

/**
 * Registers a call that answers with a file's bytes (`responseKind: 'bytes'`): the same access checks and
 * request schemas as defineRoute; the handler names the file (or throws the usual refusal, which leaves as the
 * JSON envelope) and the file is sent as a download, a `Range` answered with 206. Never compressed: the
 * kinds served are compressed already, and a coded body would not match the ranges asked for.
 */
export const defineFileRoute = <Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  call: CallDefinition<Q, B, P, R>,
  handler: (context: RouteContext<z.output<Q>, z.output<B>, z.output<P>>) => Promise<FileAnswer>,
) => {
  if (call.responseKind !== 'bytes')
    throw new Error(`${call.path} answers with the envelope: register it with defineRoute`);
  if (!app.accessGuards) throw new Error(`register the access guards before the route of ${call.path}`);
  const checks = accessChecks(call, app.accessGuards);
  app.route({
    method: call.method,
    url: call.path,
    compress: false,
    preHandler: checks.map((check) => async (request: FastifyRequest) => check(request)),
    handler: async (request, reply) => {
      return sendFileAnswer(request, reply, await handler(contextOf(call, request, reply)));
    },
  });
};
