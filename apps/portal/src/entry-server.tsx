import { Writable } from 'node:stream';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { createHttpClient, type HttpClientOptions } from '@lianmeng/core/http';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppShell } from './app/App';
import { type LoaderContext, type PageMeta, type PreloadImage, pageHeadOf } from './app/callData';
import type { CallFailure } from './app/errorBus';
import { routes } from './app/routes';
import { CARD_HOLDER_PATHS } from './features/account/routes';
import { elderlyModeFromCookies } from './layout/elderlyMode';

export interface RenderRequest {
  /** The absolute url of the page asked for. */
  url: string;
  /** The visitor's `Cookie` header: only the elderly-mode choice is read from it. */
  cookieHeader: string;
  /** How the loaders' calls reach the API; on the server, in-process. */
  adapter: HttpClientOptions['adapter'];
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The markup of `#root`. */
      html: string;
      /** The JSON value of the hydration block. */
      hydration: { router: unknown; failures: CallFailure[] };
      meta: PageMeta;
      elderly: boolean;
      /** Whether the same HTML may be served to every visitor who asks for this url in this mode. */
      cacheable: boolean;
      /**
       * Images for the head to preload: the focus area's first picture (the home page's largest element, asked
       * for before the body is parsed) and what the page shows as soon as its script runs (the banner ad).
       */
      preloadImages: { href: string; media?: string }[];
      /**
       * The `<style>` elements of the antd components the page rendered, for the head: without them those parts
       * show unstyled until the browser has loaded their chunks and injected the same rules itself. They carry
       * antd's hashes and a map of them, so the browser adopts them instead of generating and injecting again.
       */
      styles: string;
    };

/** Renders the whole tree, waiting for every lazy page and its data: the HTML is complete, with no inline script. */
const renderComplete = (element: ReactNode) =>
  new Promise<string>((resolve, reject) => {
    let failure: unknown = null;
    const stream = renderToPipeableStream(element, {
      // Every boundary inline, however large: an outlined one would need an inline script to reveal it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failure) {
          reject(failure);
          return;
        }
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk, _encoding, done) {
            chunks.push(Buffer.from(chunk));
            done();
          },
          final(done) {
            resolve(Buffer.concat(chunks).toString('utf8'));
            done();
          },
        });
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failure ??= error;
      },
    });
    setTimeout(() => stream.abort(new Error('render timed out')), 10_000).unref();
  });

const handler = createStaticHandler(routes);

/** antd's styles of one render; a page without an antd component gets none (not even antd's empty map). */
const antdStyles = (cache: ReturnType<typeof createCache>) => {
  const styles = extractStyle(cache);
  return /<style[^>]*\sdata-css-hash=/.test(styles) ? styles : '';
};

export const render = async ({ url, cookieHeader, adapter }: RenderRequest): Promise<RenderResult> => {
  const failures: CallFailure[] = [];
  const http = createHttpClient({
    cleanParameters: true,
    adapter,
    onBusinessError: (failure) => failures.push(failure),
  });
  const requestContext: LoaderContext = { http };
  const context = await handler.query(new Request(url), { requestContext });
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (context.status >= 300 && context.status < 400 && location) {
      return { kind: 'redirect', status: context.status, location };
    }
    throw new Error(`unexpected response ${context.status}`);
  }
  if (context.errors) throw Object.values(context.errors)[0] ?? new Error('route error');

  const elderly = elderlyModeFromCookies(cookieHeader);
  const router = createStaticRouter(handler.dataRoutes, context);
  // One cache per page: a shared one would hand a page the styles of every page rendered before it.
  const styleCache = createCache();
  const html = await renderComplete(
    <StyleProvider cache={styleCache}>
      <AppShell elderly={elderly}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    </StyleProvider>,
  );
  const styles = antdStyles(styleCache);

  // Every loader's data says what it adds to the page's head (title, status, images to preload) and whether
  // the page may be kept.
  let status = context.statusCode;
  let meta: PageMeta = {};
  let noStore = false;
  const preload: PreloadImage[] = [];
  for (const match of context.matches) {
    const head = pageHeadOf(context.loaderData[match.route.id]);
    if (head.status) status = Math.max(status, head.status);
    if (head.meta) meta = { ...meta, ...head.meta };
    if (head.noStore) noStore = true;
    for (const image of head.preload ?? []) {
      if (!(image.ad && elderly)) preload.push(image);
    }
  }
  const { pathname } = new URL(url);
  const forCardHolder = CARD_HOLDER_PATHS.includes(pathname);
  return {
    kind: 'page',
    status,
    html,
    hydration: { router: { loaderData: context.loaderData, actionData: null, errors: null }, failures },
    meta,
    elderly,
    cacheable: status === 200 && !forCardHolder && !noStore,
    // The page's own pictures first (the focus area's is the home page's largest element), the banner ad's last.
    preloadImages: [...preload.filter((image) => !image.ad), ...preload.filter((image) => image.ad)].map(
      ({ href, media }) => (media ? { href, media } : { href }),
    ),
    styles,
  };
};
