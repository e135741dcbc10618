import { useEffect, useRef } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { setFirstScreen } from '@/lib/first-screen'

/**
 * The root route's screen: every page, and React Router's scroll restoration (once, for the whole
 * app). A new page starts at its top; Back and Forward return to where that page was left, after
 * the route's lazy screen has loaded, so the content is there to scroll to.
 */
export function AppRoot() {
  // The first navigation ends the fresh load's first screen (lib/first-screen.ts).
  const { key } = useLocation()
  const firstKey = useRef(key)
  useEffect(() => {
    if (key !== firstKey.current) setFirstScreen(false)
  }, [key])
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  )
}
