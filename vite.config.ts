// Builds the console into dist/; in dev, forwards the API and both sockets to the local server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const target = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
  server: {
    proxy: {
      '/truckmanage': { target, changeOrigin: true },
      '/truckatgsub': { target, changeOrigin: true, ws: true },
      '/truckAlarm': { target, changeOrigin: true, ws: true },
    },
  },
});
