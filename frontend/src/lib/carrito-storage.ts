import { readItem, removeItem, writeItem } from '@/lib/storage'
import type { CarritoItem } from '@/lib/carrito'

/** Browser storage key of the cart. */
export const CARRITO_KEY = 'cart'

/**
 * Browser cookie that mirrors how many lines the stored cart holds, so that the server can answer
 * /carrito with the empty cart drawn already when there is nothing in it (app/pages.go); the cart
 * itself stays in browser storage.
 */
export const CARRITO_COOKIE = 'carrito'

/** Keeps the cookie in step with the stored cart. */
export function writeCarritoCookie(lines: number): void {
  if (typeof document === 'undefined') return
  document.cookie = `${CARRITO_COOKIE}=${lines}; Path=/; Max-Age=31536000; SameSite=Lax`
}

function isCarritoItem(value: unknown): value is CarritoItem {
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
export function loadCarrito(): CarritoItem[] {
  const raw = readItem(CARRITO_KEY)
  if (raw === null) return []
  try {
    const value: unknown = JSON.parse(raw)
    if (Array.isArray(value) && value.every(isCarritoItem)) {
      return value.map((item) => ({ ...item, id: String(item.id), producto_id: String(item.producto_id ?? '') }))
    }
  } catch {
    // Falls through: the data is corrupt.
  }
  removeItem(CARRITO_KEY)
  return []
}

/** Stores the cart; an empty cart leaves no key behind. */
export function saveCarrito(items: CarritoItem[]): void {
  if (items.length === 0) removeItem(CARRITO_KEY)
  else writeItem(CARRITO_KEY, JSON.stringify(items))
  writeCarritoCookie(items.length)
}
