import { useCallback, useSyncExternalStore } from 'react'

/** Whether a CSS media query matches now; follows changes (rotating a tablet, resizing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  const snapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches
  return useSyncExternalStore(subscribe, snapshot, () => false)
}

/** Desktop width: the staff lists show wide tables; under 1024 px (tablets, phones), cards. */
export const WIDE = '(min-width: 1024px)'
/** The cart's narrow screens: under 768 px. */
export const CARRITO_NARROW = '(max-width: 767.98px)'
/** The order lists' narrow screens: up to 768 px. */
export const ORDENES_NARROW = '(max-width: 768px)'
/** Cart and order item names are cut at 25 characters on narrow screens. */
export const NAME_TRUNCATED_AT = 25
