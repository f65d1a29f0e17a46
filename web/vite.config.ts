/// <reference types="vitest/config" />
import { cpSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = process.env.CASINO_BACKEND ?? 'http://127.0.0.1:8080';

// Vendor groups keep the login route small: socket.io and framer-motion load only with the
// authenticated screens (they are imported from lazy routes), React and the router are shared.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  {
    name: 'socket',
    test: /node_modules[\\/](socket\.io-client|engine\.io-client|engine\.io-parser|socket\.io-parser|@socket\.io|xmlhttprequest-ssl)[\\/]/,
  },
  { name: 'motion', test: /node_modules[\\/](framer-motion|motion-dom|motion-utils)[\\/]/ },
];

// The API docs page (/api/docs, served by the game server) loads Swagger UI from our own build, never a CDN.
function apiDocsAssets(): Plugin {
  return {
    name: 'api-docs-assets',
    apply: 'build',
    closeBundle() {
      for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
        cpSync(
          fileURLToPath(new URL(`./node_modules/swagger-ui-dist/${file}`, import.meta.url)),
          fileURLToPath(new URL(`./dist/api-docs/${file}`, import.meta.url)),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), apiDocsAssets()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': backend,
      '/wallet': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  test: {
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'eslint/**/*.test.ts'],
  },
});
