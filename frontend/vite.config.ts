import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: here('./src') },
      // react-router's package.json points every import at its development build, warnings and
      // all (react-router issue #12532, "intended to be temporary"); a build takes the production
      // one, which it ships beside it.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: here('./node_modules/react-router/dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: here('./node_modules/react-router/dist/production/dom-export.mjs') },
          ]
        : []),
    ],
  },
  // The binary embeds dist/ (frontend/embed.go); the app goes to dist/app so that dist/.gitkeep
  // keeps the Go build working before the first front-end build.
  build: { outDir: 'dist/app', emptyOutDir: true },
  server: { proxy: { '/v1': 'http://127.0.0.1:8080' } },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/setupTests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
}))
