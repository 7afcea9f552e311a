import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
