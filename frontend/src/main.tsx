import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { routes } from '@/app/router'
import { keyHistoryEntry } from '@/lib/history-entry-key'
import { makeStore } from '@/lib/store'
import { seedFromPage } from '@/features/catalog/page-data'
import { startErrorLogWhenIdle } from '@/features/error-log/start'
import '@/index.css'

// The service worker (scripts/service-worker.mjs) keeps the shop's frame and what was seen for
// offline use. Its first install downloads and stores the shop's code (some 40 files), so it is
// registered a few seconds after the page's load event: a prerendered page loads before its
// screen's data and pictures have arrived, and the install would compete with them for the
// phone's connection and CPU (Lighthouse's performance score on the home page, alternated runs:
// 80-91 with the install at the load event, 90-98 with it 4 s later).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => setTimeout(() => void navigator.serviceWorker.register('/sw.js').catch(() => {}), 4000))
}

/**
 * Starts the app: the store, the router and the first render. Called in a task of its own, after
 * the one in which the browser evaluated the entry's libraries: two shorter tasks instead of one
 * long one, so a tap meanwhile is answered sooner (Total Blocking Time). The page is painted from
 * its prerendered HTML meanwhile.
 */
function start() {
  const store = makeStore()
  // The local error log: global errors, upload every 60 s and when back online, Sentry if configured.
  // It starts once the page has loaded, keeping what fails before.
  startErrorLogWhenIdle(store.dispatch)
  // Each fresh load's history entry gets its own key, so it opens at the top (lib/history-entry-key.ts).
  keyHistoryEntry()
  const router = createBrowserRouter(routes)

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')

  const app = (
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>
  )

  function render(container: HTMLElement) {
    // A product or category page carries its screen's data: the screen draws from it at once.
    seedFromPage(store.dispatch)
    if (container.hasAttribute('data-prerendered')) {
      // The page prerendered for this very route (scripts/prerender.mjs): React adopts its markup,
      // so the browser neither builds the page again nor lays it out anew. What depends on the
      // browser renders as in the prerender first (useInBrowser, while #root is marked), then updates.
      // If the markup differs after all (a browser extension may edit it), React draws the page anew:
      // nothing is lost, so it is no error for the error log (e2e/prerender.spec.ts checks our pages).
      // In a transition, React adopts the page in short slices (TransitionHydrationLane) instead of
      // one long task, so a tap or scroll meanwhile is not kept waiting.
      startTransition(() => {
        hydrateRoot(container, app, { onRecoverableError: (error) => console.warn('La página se dibujó de nuevo:', error) })
      })
      return
    }
    // Anything else, the shop frame included, is drawn anew. A transition: React renders the first
    // screen in short slices, keeping the main thread free, and replaces the frame when it commits.
    startTransition(() => createRoot(container).render(app))
  }

  // A prerendered page stays on screen until the route's lazy screen has loaded, so that the first
  // commit draws that screen rather than the router's loading fallback over it.
  if (root.firstElementChild && !router.state.initialized) {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      render(root)
    })
  } else {
    render(root)
  }
}

setTimeout(start)
