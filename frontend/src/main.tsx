import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { routes } from '@/app/router'
import { makeStore } from '@/app/store'
import { configApi } from '@/features/config/api'
import { startErrorLog } from '@/features/error-log/uploader'
import '@/index.css'

const store = makeStore()
// The local error log: global errors, upload every 60 s and when back online, Sentry if configured.
startErrorLog(store.dispatch, async () => (await store.dispatch(configApi.endpoints.getConfig.initiate())).data?.sentryDsn)
const router = createBrowserRouter(routes)

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

function render(container: HTMLElement) {
  const reactRoot = createRoot(container)
  // A transition: React renders the first screen in short slices, keeping the main thread free,
  // and replaces the prerendered markup (scripts/prerender.mjs) only when it commits.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    ),
  )
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
