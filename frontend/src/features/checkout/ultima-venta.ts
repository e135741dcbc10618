import { readItem, writeItem } from '@/lib/storage'
import type { Venta } from '@/features/checkout/types'

/** Browser storage key of the last sale. */
export const ULTIMA_VENTA_KEY = 'ultimaVenta'

/** The last sale this browser placed or confirmed; null when none or unreadable. */
export function readUltimaVenta(): Venta | null {
  const raw = readItem(ULTIMA_VENTA_KEY)
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (value && typeof value === 'object' && typeof (value as Venta).folio === 'string') return value as Venta
  } catch {
    // Unreadable: treated as no last sale.
  }
  return null
}

/** What the cart hands the thank-you page: the order it has just placed. */
export type ThanksState = { ventaId?: string }

/**
 * The order just placed, first, then the other pending ones, newest first. `recent` is the order
 * the cart has just placed (null when the page was opened otherwise); the server's copy of it is
 * preferred, and it is shown even when the list does not hold it (staff ordering for a customer).
 */
export function ordenesNewestFirst(ordenes: readonly Venta[], recent: Venta | null): Venta[] {
  const time = (v: Venta) => Date.parse(v.fecha) || 0
  const byDate = (a: Venta, b: Venta) => time(b) - time(a)
  const rest = ordenes.filter((o) => o._id !== recent?._id).sort(byDate)
  if (!recent) return rest
  return [ordenes.find((o) => o._id === recent._id) ?? recent, ...rest]
}

export function writeUltimaVenta(venta: Venta): void {
  writeItem(ULTIMA_VENTA_KEY, JSON.stringify(venta))
}
