// Build-time prerendering (scripts/prerender.mjs): renders a page of the app to HTML with React's
// server renderer, so that the browser paints it from HTML and CSS before the JS has arrived.
// main.tsx then adopts that markup (hydrateRoot) when it was rendered for the route at hand.
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { Provider } from 'react-redux'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router'
import { routes } from '@/app/router'
import { ShopLayout } from '@/app/shop-layout'
import { makeStore } from '@/lib/store'
import { PageLoading } from '@/components/page-loading'
import { CarritoKnownEmpty } from '@/features/checkout/served-empty'

/** Any shop path with no screen of its own: the shop's frame around the loading indicator. */
const shellRoutes: RouteObject[] = [{ Component: ShopLayout, children: [{ path: '*', Component: PageLoading }] }]

/**
 * The markup of `path` rendered through the app's routes (or, with `shell`, through the frame
 * alone; with `emptyCart`, the cart known to be empty), with a fresh store: no browser storage,
 * so no session and an empty cart, and no API
 * answers, so data-driven parts come out in their loading state.
 */
export async function render(path: string, { shell = false, emptyCart = false } = {}): Promise<string> {
  const handler = createStaticHandler(shell ? shellRoutes : routes)
  // Resolves the matched routes' lazy screens, as the browser's router does before its first render.
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')))
  if (context instanceof Response) throw new Error(`prerender: ${path} answered a redirect (${context.status})`)
  if (context.errors) throw new Error(`prerender: ${path} failed: ${JSON.stringify(context.errors)}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <StrictMode>
      <Provider store={makeStore()}>
        <CarritoKnownEmpty.Provider value={emptyCart}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </CarritoKnownEmpty.Provider>
      </Provider>
    </StrictMode>,
  )
}
