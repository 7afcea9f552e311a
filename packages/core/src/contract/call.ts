import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may make a call; the server enforces it, the apps use it to know which header to send. */
export type CallAuth = 'public' | 'cardHolder' | 'console';
/** How the request body travels. */
export type BodyKind = 'none' | 'json' | 'form' | 'multipart';

/** Which host a call goes to: the main site, the account centre `{uc}`, or the single-sign-on host. */
export type CallHost = 'main' | 'uc' | 'sso';

export interface CallDefinition<
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify-style path: `:name` marks a path parameter. */
  path: string;
  host: CallHost;
  auth: CallAuth;
  bodyKind: BodyKind;
  query?: Query;
  body?: Body;
  params?: Params;
  /** The schema of `data` in a successful envelope. */
  response: Response;
  summary: string;
}

export const defineCall = <
  Query extends z.ZodType = z.ZodNever,
  Body extends z.ZodType = z.ZodNever,
  Params extends z.ZodType = z.ZodNever,
  Response extends z.ZodType = z.ZodType,
>(
  call: CallDefinition<Query, Body, Params, Response>,
) => call;

export type CallQuery<C> = C extends CallDefinition<infer Q, z.ZodType, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type CallBody<C> = C extends CallDefinition<z.ZodType, infer B, z.ZodType, z.ZodType> ? z.input<B> : never;
export type CallParams<C> = C extends CallDefinition<z.ZodType, z.ZodType, infer P, z.ZodType> ? z.input<P> : never;
export type CallResponse<C> = C extends CallDefinition<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Replaces `:name` segments with the encoded values. */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
