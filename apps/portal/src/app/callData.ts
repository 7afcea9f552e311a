import type { CallDefinition } from '@lianmeng/core';
import type { CallInput, CallResult, HttpClient } from '@lianmeng/core/http';
import { createContext, useContext } from 'react';
import { http as browserHttp } from './api';

/** A contract call and its input, as a page asks for it: the same pair a route's loader prefetches. */
export interface CallRequest {
  definition: CallDefinition;
  input: CallInput;
}

/** One key per call and input, so what a loader fetched is found again by the component that needs it. */
export const callKey = (definition: CallDefinition, input: CallInput) =>
  `${definition.method} ${definition.path} ${JSON.stringify(input)}`;

export interface PageMeta {
  title?: string;
  description?: string;
  image?: string;
}

/** What every route loader returns: the calls it made, and what the page's head says about it. */
export interface RouteData {
  calls: Record<string, CallResult<unknown>>;
  meta?: PageMeta;
  /** The HTTP status the page answers with when rendered on the server (404 for an unknown article). */
  status?: number;
}

/** What the server hands every loader: its own client, which reaches the API in-process. */
export interface LoaderContext {
  http: HttpClient;
}

/** The server's client when the server runs the loader, the page's own client in the browser. */
export const clientFrom = (context: unknown): HttpClient =>
  (context as Partial<LoaderContext> | undefined)?.http ?? browserHttp;

/** Makes the calls (all at once) and keeps their results by key. */
export const fetchCalls = async (client: HttpClient, requests: CallRequest[], into: RouteData['calls'] = {}) => {
  const results = await Promise.all(requests.map((request) => client.call(request.definition, request.input)));
  requests.forEach((request, index) => {
    into[callKey(request.definition, request.input)] = results[index] as CallResult<unknown>;
  });
  return into;
};

/** A call's result as the matched routes' loaders left it, or undefined. */
export type PrefetchedLookup = (key: string) => CallResult<unknown> | undefined;

/** Looks a call's result up in the matched routes' loader data, outermost route first. */
export const prefetchedIn =
  (loaderData: readonly unknown[]): PrefetchedLookup =>
  (key) => {
    for (const data of loaderData) {
      const result = (data as RouteData | undefined)?.calls?.[key];
      if (result) return result;
    }
    return undefined;
  };

export const PrefetchedCallsContext = createContext<PrefetchedLookup>(() => undefined);
export const usePrefetched = () => useContext(PrefetchedCallsContext);
