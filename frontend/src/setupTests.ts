import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'

// jsdom has no fetch of its own, so Node's is used, and it rejects relative URLs such as
// "/v1/productos" that RTK Query builds; resolve them against the page like a browser does.
const NodeRequest = globalThis.Request
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init)
  }
} as typeof Request

// jsdom does not scroll (it logs "Not implemented" instead); the router's scroll restoration calls
// window.scrollTo on every navigation. Tests that care spy on it.
if (typeof window !== 'undefined') window.scrollTo = () => {}

// findBy*/waitFor give up after 1 s by default. On the 2-core CI machine, with a test file on each
// core and the machine busy besides, a screen answering a mocked request has taken longer than 5 s
// ('Lista de ordenes' showing its empty search): wait up to 10 s. A passing test does not wait any
// longer for it.
configure({ asyncUtilTimeout: 10_000 })

/** Browser storage as a fresh tab has it. */
function clearStorage() {
  // Tests of the build-time prerender run in Node, without a window.
  if (typeof window === 'undefined') return
  window.localStorage.clear()
  window.sessionStorage.clear()
}

// The test files of a worker share one page (vite.config.ts: isolate false): each test starts with
// the storage of a fresh tab, whatever the test before left, even a request of its answered after
// its cleanup.
beforeEach(clearStorage)

afterEach(cleanup)
