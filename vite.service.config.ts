// The local service as one Node bundle (out/service/cli.js), started by the app as a child process.
import { resolve } from 'node:path'
import { builtinModules } from 'node:module'
import { defineConfig } from 'vite'
import pkg from './package.json' with { type: 'json' }

const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies),
]

export default defineConfig({
  build: {
    outDir: 'out/service',
    emptyOutDir: true,
    target: 'node22',
    ssr: true,
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: { cli: resolve(import.meta.dirname, 'src-service/cli.ts') },
      external: (id) => external.some((e) => id === e || id.startsWith(`${e}/`)),
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
})
