// Vite builds the browser bundle (dist/client) and the server-render bundle (dist/server).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
  },
  ssr: {
    // Workspace packages ship TypeScript sources, so they are bundled into the server render.
    noExternal: [/^@efir\//],
  },
});
