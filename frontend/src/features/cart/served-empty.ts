import { createContext } from 'react'

/**
 * Browser cookie that mirrors how many lines the stored cart holds, so that the server can answer
 * /carrito with the empty cart drawn already when there is nothing in it (app/pages.go); the cart
 * itself stays in browser storage.
 */
export const CART_COOKIE = 'carrito'

/** Keeps the cookie in step with the stored cart. */
export function writeCartCookie(lines: number): void {
  if (typeof document === 'undefined') return
  document.cookie = `${CART_COOKIE}=${lines}; Path=/; Max-Age=31536000; SameSite=Lax`
}

/**
 * True while prerendering the cart page the server sends to a browser whose cart is empty: the
 * page then shows the empty cart rather than waiting for the browser's storage.
 */
export const CartKnownEmpty = createContext(false)
