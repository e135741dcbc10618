import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while the page is prerendered at build time (scripts/prerender.mjs), true in the browser.
 * What depends on browser storage (the cart, the session) renders neutral when false, so that the
 * prerendered HTML never shows a user something untrue, such as an empty cart that is not.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
