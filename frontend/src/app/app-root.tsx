import { Outlet, ScrollRestoration } from 'react-router'

/**
 * The root route's screen: every page, and React Router's scroll restoration (once, for the whole
 * app). A new page starts at its top; Back and Forward return to where that page was left, after
 * the route's lazy screen has loaded, so the content is there to scroll to.
 */
export function AppRoot() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  )
}
