import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserContract } from '../../packages/core/vite/contractPlugin.mjs';

export default defineConfig({
  // The client build gets the contract as plain call descriptors: no schema library in the browser.
  plugins: [react(), browserContract()],
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true },
  // The server build carries its dependencies: some (antd's ES files, jsencrypt) use import paths that
  // only a bundler resolves, not Node.
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/lianmeng': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
    },
  },
});
