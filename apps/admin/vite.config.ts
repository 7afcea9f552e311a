import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserContract } from '../../packages/core/vite/contractPlugin.mjs';

export default defineConfig({
  // The client build gets the contract as plain call descriptors: no schema library in the browser.
  plugins: [react(), browserContract()],
  base: '/admin/',
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/lianmeng': 'http://localhost:8080', '/uploads': 'http://localhost:8080' } },
});
