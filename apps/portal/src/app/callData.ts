import type { CallDefinition } from '@lianmeng/core';
import type { CallInput, HttpClient } from '@lianmeng/core/http';
import { http as browserHttp } from './api';

/** A contract call and its input, written once for the loader that makes it. */
export interface CallRequest {
  definition: CallDefinition;
  input: CallInput;
}

export interface PageMeta {
  title?: string;
  description?: string;
  image?: string;
}

/** An image the page's head preloads; `ad`: the banner ad's, left out in the elderly-friendly mode (no ads there). */
export interface PreloadImage {
  href: string;
  media?: string;
  ad?: boolean;
}

/** What every route loader's data carries besides its results: what the page's head says, and its HTTP status. */
export interface PageHead {
  meta?: PageMeta;
  /** The HTTP status the page answers with when rendered on the server (404 for an unknown article). */
  status?: number;
  preload?: PreloadImage[];
  /** The page acted on being shown (a check was counted), so it is rendered afresh every time, never kept. */
  noStore?: boolean;
}

/** A matched route's loader data as the server reads it for the page's head: every loader's data is a PageHead. */
export const pageHeadOf = (data: unknown): PageHead => (typeof data === 'object' && data !== null ? data : {});

/** What the server hands every loader: its own client, which reaches the API in-process. */
export interface LoaderContext {
  http: HttpClient;
}

/** The server's client when the server runs the loader, the page's own client in the browser. */
export const clientFrom = (context: Partial<LoaderContext> | undefined): HttpClient => context?.http ?? browserHttp;
