import type { z } from 'zod';
import type { ConsoleRole } from '../constants';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * Who may make a call. `anonymous`: anyone. `cardHolder`: a live card-holder token in `Authorization`.
 * `staff`, `editor`, `admin`: a console session of at least that role (an administrator may do what an
 * editor may, an editor what staff may). The server installs the check from this field; the console decides
 * what it offers from it; the apps know from it which credential to send.
 */
export type CallAccess = 'anonymous' | 'cardHolder' | ConsoleRole;

/**
 * A card-holder call that only some card accounts may make: `institution`, an account acting for one
 * institution (which the server takes from the account, never from the request); `operator`, the
 * alliance's reviewing staff.
 */
export type CardRole = 'institution' | 'operator';

/** The console roles from the least to the most trusted. */
export const CONSOLE_ROLE_RANK: Record<ConsoleRole, number> = { staff: 0, editor: 1, admin: 2 };

/** Whether a console user of `role` may make a call that needs `access`. */
export const consoleRoleMay = (role: ConsoleRole, access: CallAccess): boolean =>
  access === 'anonymous' || (access !== 'cardHolder' && CONSOLE_ROLE_RANK[role] >= CONSOLE_ROLE_RANK[access]);

/** Calls that need a console session. */
export const needsConsoleSession = (access: CallAccess): access is ConsoleRole =>
  access !== 'anonymous' && access !== 'cardHolder';
/**
 * How the request body travels. `bytes`: the raw bytes of a file or a piece of one, sent as
 * `application/octet-stream` (a resumable upload's chunk).
 */
export type BodyKind = 'none' | 'json' | 'form' | 'multipart' | 'bytes';

/**
 * What a successful answer is: the `{status, message, data}` envelope (`json`), or the bytes of a file
 * (`bytes`: a download, with its own Content-Type and Content-Disposition, and Range requests answered with
 * 206). A refusal is the JSON envelope either way.
 */
export type ResponseKind = 'json' | 'bytes';

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
  access: CallAccess;
  /** With `access: 'cardHolder'`: the card account must also hold this role (checked by the server). */
  cardRole?: CardRole;
  /**
   * The call changes state and is made by a browser that may carry a cookie, so it must carry the
   * anti-forgery header matching the XSRF cookie (the console's calls, whatever their method, and the
   * log-in calls). Calls authenticated by `Authorization` alone need none.
   */
  xsrf: boolean;
  bodyKind: BodyKind;
  query?: Query;
  body?: Body;
  params?: Params;
  /**
   * A console call that an account whose password was reset by an administrator may make before choosing
   * a new one (who am I, sign out, the password change itself); every other console call is refused until then.
   */
  beforePasswordChange?: true;
  /** The schema of `data` in a successful envelope (a `bytes` call's is `fileBytes`: no envelope to check). */
  response: Response;
  /** `json` unless told: see ResponseKind. */
  responseKind?: ResponseKind;
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
