import { createContext } from 'react'

/**
 * True while prerendering the cart page the server sends to a browser whose cart is empty (the
 * cookie of lib/carrito-storage.ts says so): the page then shows the empty cart rather than waiting
 * for the browser's storage.
 */
export const CarritoKnownEmpty = createContext(false)
