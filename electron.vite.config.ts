import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src-main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload is one CommonJS script that requires nothing but 'electron'.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src-preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src-renderer'),
    plugins: [react()],
    // zod configured for the CSP before any schema exists (see src-renderer/zod-jitless.ts).
    resolve: {
      alias: [
        { find: /^zod$/, replacement: resolve(import.meta.dirname, 'src-renderer/zod-jitless.ts') },
      ],
    },
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      minify: true,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') } },
    },
  },
})
