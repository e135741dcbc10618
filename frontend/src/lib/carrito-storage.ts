import { readItem, removeItem, writeItem } from '@/lib/storage'
import type { CarritoItem } from '@/lib/carrito'

/** Browser storage key of the cart. */
export const CART_KEY = 'cart'

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

function isCartItem(value: unknown): value is CarritoItem {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return (
    (typeof v.id === 'string' || typeof v.id === 'number') &&
    typeof v.nombre === 'string' &&
    typeof v.precioFinal === 'number' &&
    typeof v.cantidad === 'number' &&
    Number.isFinite(v.cantidad) &&
    v.cantidad >= 0
  )
}

/** Reads the stored cart; corrupt data is removed and treated as an empty cart. */
export function loadCart(): CarritoItem[] {
  const raw = readItem(CART_KEY)
  if (raw === null) return []
  try {
    const value: unknown = JSON.parse(raw)
    if (Array.isArray(value) && value.every(isCartItem)) {
      return value.map((item) => ({ ...item, id: String(item.id), producto_id: String(item.producto_id ?? '') }))
    }
  } catch {
    // Falls through: the data is corrupt.
  }
  removeItem(CART_KEY)
  return []
}

/** Stores the cart; an empty cart leaves no key behind. */
export function saveCart(items: CarritoItem[]): void {
  if (items.length === 0) removeItem(CART_KEY)
  else writeItem(CART_KEY, JSON.stringify(items))
  writeCartCookie(items.length)
}
