import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PortalRenderer, PortalSource } from './index';

/** Requests the Vite dev server answers: the portal's modules, its client, HMR and pre-bundled dependencies. */
const VITE_PATHS = /^\/(@vite\/|@react-refresh|@id\/|@fs\/|src\/|node_modules\/|\.vite\/)/;

/**
 * Development with hot reload and server rendering (Vite in middleware mode): the browser loads the portal's
 * modules from Vite with React Fast Refresh over the server's own port, and the server renders from a Vite
 * SSR build in watch mode, imported afresh after every rebuild. Nothing is cached.
 */
export const developmentSource = async (app: FastifyInstance, portalDist: string): Promise<PortalSource> => {
  const portalRoot = path.dirname(portalDist);
  // Not a literal specifier: the production bundle must not carry Vite.
  const viteModule = 'vite';
  const vite = (await import(viteModule)) as typeof import('vite');
  const configFile = path.join(portalRoot, 'vite.config.ts');
  const outDir = path.join(portalRoot, 'dist-ssr-dev');
  const entry = path.join(outDir, 'entry-server.js');
  let built = 0;
  let ready: () => void = () => undefined;
  const firstBuild = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const watcher = (await vite.build({
    configFile,
    root: portalRoot,
    logLevel: 'warn',
    mode: 'production',
    // One React for the whole server bundle, whatever NODE_ENV the process has when a module is loaded.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir,
      emptyOutDir: true,
      watch: {},
      // One file: each rebuild is imported under a new address, and split chunks would import the entry
      // back under its plain address, making a second copy of React Router's contexts.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  })) as { on(event: 'event', listener: (event: { code: string }) => void): void; close(): Promise<void> };
  watcher.on('event', (event) => {
    if (event.code === 'END') {
      built = Date.now();
      ready();
    }
  });
  app.addHook('onClose', async () => {
    await watcher.close();
  });
  // The server build first: the dev server sets NODE_ENV=development for the whole process, and a build
  // resolved after that would mix React Router's development and production modules.
  await firstBuild;
  const devServer = await vite.createServer({
    configFile,
    root: portalRoot,
    appType: 'custom',
    server: { middlewareMode: true, ws: { server: app.server } },
  });
  app.addHook('onClose', async () => {
    await devServer.close();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!VITE_PATHS.test(request.url)) return done();
    reply.hijack();
    devServer.middlewares(request.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.end();
    });
  });

  const template = fs.readFileSync(path.join(portalRoot, 'index.html'), 'utf8');

  return {
    development: true,
    template: (url) => devServer.transformIndexHtml(url, template),
    async renderer() {
      await firstBuild;
      return (await import(`${pathToFileURL(entry).href}?v=${built}`)) as PortalRenderer;
    },
  };
};
