import { StrictMode } from 'react'
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

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
)
