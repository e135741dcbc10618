import { useEffect } from 'react'

/** A page reached after a form (the cart, the provider) starts at its top, not where the last one was scrolled. */
export function useScrollToTop() {
  useEffect(() => {
    document.scrollingElement?.scrollTo?.(0, 0)
  }, [])
}
