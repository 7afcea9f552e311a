import type { CallDefinition, ConsoleUser } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ServerContext } from '../context';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { listAnswer } from './contentRange';
import { defineRoute } from './defineRoute';

type ListQuery = z.ZodType<{ range: readonly [number, number] }>;
type IdParams = z.ZodType<{ id: number }>;
type Call<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
> = CallDefinition<Q, B, P, z.ZodType>;

type QueryOf<C> = C extends CallDefinition<infer Q, z.ZodType, z.ZodType, z.ZodType> ? z.output<Q> : never;
type BodyOf<C> = C extends CallDefinition<z.ZodType, infer B, z.ZodType, z.ZodType> ? z.output<B> : never;
type AnswerOf<C> = C extends CallDefinition<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.input<R> : never;

/**
 * The contract's calls of one react-admin resource: the list and one record, and those of create, update
 * and delete the resource has.
 */
export interface ConsoleResourceCalls {
  list: Call<ListQuery>;
  one: Call<z.ZodType, z.ZodType, IdParams>;
  create?: Call;
  update?: Call<z.ZodType, z.ZodType, IdParams>;
  remove?: Call<z.ZodType, z.ZodType, IdParams>;
}

type Actor = ConsoleUser | null;
type Write<C, A extends unknown[]> = (db: Db, ...args: [...A, Actor, Date]) => Promise<AnswerOf<C>>;

interface Writes<C extends ConsoleResourceCalls> {
  create: Write<C['create'], [body: BodyOf<C['create']>]>;
  update: Write<C['update'], [id: number, body: BodyOf<C['update']>]>;
  remove: Write<C['remove'], [id: number]>;
}

/**
 * The repository functions behind those calls, one for each call the resource has; the writes get the
 * signed-in user and the time, for the audit.
 */
export type ConsoleResourceStore<C extends ConsoleResourceCalls> = {
  list(db: Kysely<Database>, query: QueryOf<C['list']>): Promise<{ list: AnswerOf<C['list']>; total: number }>;
  one(db: Kysely<Database>, id: number): Promise<AnswerOf<C['one']>>;
} & { [K in keyof Writes<C> as C[K] extends Call ? K : never]: Writes<C>[K] };

/** The store as the registration sees it, through the calls' constraints. */
interface LooseStore {
  list(db: Kysely<Database>, query: unknown): Promise<{ list: unknown[]; total: number }>;
  one(db: Kysely<Database>, id: number): Promise<unknown>;
  create?: (db: Db, body: unknown, actor: Actor, now: Date) => Promise<unknown>;
  update?: (db: Db, id: number, body: unknown, actor: Actor, now: Date) => Promise<unknown>;
  remove?: (db: Db, id: number, actor: Actor, now: Date) => Promise<unknown>;
}

const present = <T>(resource: string, what: string, value: T | undefined): T => {
  if (!value) throw new Error(`the ${resource} store has no ${what}`);
  return value;
};

/**
 * Registers a console resource's calls over its repository: the list answers with its total in
 * `Content-Range` under `resource`, the others with the record (a read-only resource has no writes).
 */
export const registerConsoleResource = <C extends ConsoleResourceCalls>(
  app: FastifyInstance,
  { db, now }: Pick<ServerContext, 'db' | 'now'>,
  resource: string,
  calls: C,
  typedStore: ConsoleResourceStore<C>,
) => {
  const store = typedStore as unknown as LooseStore;
  defineRoute(app, calls.list, async ({ query, reply }) =>
    listAnswer(reply, resource, query.range, await store.list(db.kysely, query)),
  );
  defineRoute(app, calls.one, async ({ params }) => store.one(db.kysely, params.id));
  if (calls.create) {
    const create = present(resource, 'create', store.create);
    defineRoute(app, calls.create, async ({ body, request }) => create(db, body, request.consoleUser, now()));
  }
  if (calls.update) {
    const update = present(resource, 'update', store.update);
    defineRoute(app, calls.update, async ({ params, body, request }) =>
      update(db, params.id, body, request.consoleUser, now()),
    );
  }
  if (calls.remove) {
    const remove = present(resource, 'remove', store.remove);
    defineRoute(app, calls.remove, async ({ params, request }) => remove(db, params.id, request.consoleUser, now()));
  }
};
