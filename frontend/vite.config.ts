import { fileURLToPath, URL } from 'node:url'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[] } | null
}

/**
 * Names two chunks for the shop's frame (src/app/shop-layout.tsx and what it imports, directly or
 * not): 'ui' for the part that other screens import too (icons, prices, the drawer, ...) and
 * 'shop-layout' for the rest. Every shop page needs both; left to itself, the bundler cuts them
 * into a dozen small chunks by which screens share each, and a page waits for a dozen requests.
 * 'ui' also takes the product API (src/lib/producto-api.ts), which the product page and the cart
 * share: a file of its own, 1.2 KB, would be one request more on each.
 */
function frameChunks() {
  let chunkOf: Map<string, string> | null = null
  const closure = (graph: ModuleGraph, roots: Iterable<string>, within?: Set<string>) => {
    const seen = new Set<string>()
    const visit = (id: string) => {
      if (seen.has(id) || (within && !within.has(id))) return
      seen.add(id)
      for (const dep of graph.getModuleInfo(id)?.importedIds ?? []) visit(dep)
    }
    for (const id of roots) visit(id)
    return seen
  }
  return (id: string, graph: ModuleGraph) => {
    if (!chunkOf) {
      const frame = closure(graph, [here('./src/app/shop-layout.tsx')])
      const shared = [...frame].filter((m) => graph.getModuleInfo(m)?.importers.some((i) => !frame.has(i)))
      const ui = closure(graph, shared, frame)
      chunkOf = new Map([...frame].map((m) => [m, ui.has(m) ? 'ui' : 'shop-layout']))
      chunkOf.set(here('./src/lib/producto-api.ts'), 'ui')
    }
    return chunkOf.get(id) ?? null
  }
}

/**
 * Lets the bundler drop what react-router's production bundle defines but the app never uses
 * (<Form>, useSubmit, useFetcher, ... about 1.3 KB of gzip): each component there is made by a
 * call (React.forwardRef, React.memo, React.createContext) that the bundle does not mark as pure,
 * followed by a `X.displayName = "X"` statement, and either keeps it in. The names are for
 * React's developer tools, which a production build does not serve; the calls have no effects.
 * Lines are kept, so positions in the file do not move.
 */
const reactRouterTreeShaking: Plugin = {
  name: 'react-router-tree-shaking',
  transform: {
    filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]*\.mjs$/ },
    handler(code) {
      const out = code
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/\b(React\d*\.(?:forwardRef|memo|createContext))\(/g, '/* @__PURE__ */ $1(')
      return { code: out, map: null }
    },
  },
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), reactRouterTreeShaking],
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
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    ...(isSsrBuild
      ? {}
      : {
          // Which chunks each route needs, for the prerendered pages' preloads (scripts/prerender.mjs)
          // and the service worker's precache (scripts/service-worker.mjs, which then removes it).
          manifest: true,
          // Every browser the shop supports preloads modules itself.
          modulePreload: { polyfill: false },
          rolldownOptions: {
            output: {
              // What the entry needs before any route (the libraries, the router, the store) in one
              // file: left to itself, the bundler cuts it into six, each shared with some lazy
              // screen, which costs requests and 1.6 KB of gzip.
              codeSplitting: {
                groups: [
                  { name: 'index', tags: ['$initial'] },
                  // 'ui' is closed under its imports, so 'shop-layout' may leave it out.
                  { name: frameChunks(), includeDependenciesRecursively: false },
                ],
              },
            },
          },
        }),
  },
  server: { proxy: { '/v1': 'http://127.0.0.1:8080' } },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    environment: 'jsdom',
    // Worker threads, not forked processes: the whole suite took 258 s against 296 s on 2 cores.
    pool: 'threads',
    // One worker per core (Vitest's default leaves one core to itself: on 2 cores, one worker), and
    // the test files of a worker share its module registry and jsdom instead of building their
    // own: on 2 cores the suite took 67 s against 276 s. What a file leaves behind is cleared
    // before each test (setupTests.ts); a module every file must see the same (the payment
    // provider's SDK) is one stand-in, aliased below, not a per-file vi.mock.
    maxWorkers: '100%',
    isolate: false,
    alias: { '@mercadopago/sdk-react': here('./src/testing/mercadopago-sdk.tsx') },
    setupFiles: ['./src/setupTests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // A screen's journey types and clicks through user-event; with the test files run side by side
    // on 2 busy cores one took over the default 5 s in CI. A passing test waits no longer.
    testTimeout: 30_000,
  },
}))
