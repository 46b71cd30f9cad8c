import { defineConfig } from 'vite';

// The app is built into dist/app with relative asset URLs, so it works at / and under any
// httpd_uri_prefix. `npm run dev` (in packages/web) serves it with hot reload and proxies the API
// to a running svc (SVC_URL, default http://127.0.0.1:2501).
const target = process.env.SVC_URL ?? 'http://127.0.0.1:2501';
const api = ['/system', '/devices', '/datasource', '/alerts', '/messagebus', '/eventbus', '/session', '/auth', '/gps', '/phy', '/ui'];

export default defineConfig({
  root: 'app',
  base: './',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: { outDir: '../dist/app', emptyOutDir: true, target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 400 },
  server: { proxy: Object.fromEntries(api.map((path) => [path, { target, ws: path === '/eventbus' || path === '/devices', changeOrigin: false }])) },
});
