import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.TANDEM_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // shared-types ships CommonJS for the server; the browser bundle reads its ESM-friendly source
    alias: { '@tandem/shared-types': fileURLToPath(new URL('../shared-types/src/index.ts', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 3201,
    // Dev only: the API server answers everything but the page shell
    proxy: {
      '/api': apiTarget,
      '/oauth': apiTarget,
      '/-/avatars': apiTarget,
      '^/users/sign_(in|out)$': { target: apiTarget, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '^/.+/-/issues/\\d+(\\.json|/realtime_changes)': apiTarget,
    },
  },
});
