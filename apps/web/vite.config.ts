import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  base: './',
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '^/(main-api|task-api|system-api|api|sim-api|wechat_api|chatroom|account|oss-api|healthz)':
        'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // zod schemas are built at module load; calls on `z` are pure, so schemas no page uses
      // (every feature's contract sits in @cst/shared) are dropped from the bundle.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
          if (/[\\/](i18next|react-i18next|zustand|@tanstack)[\\/]/.test(id)) return 'lib';
          return undefined;
        },
      },
    },
  },
});
