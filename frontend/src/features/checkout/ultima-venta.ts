import { readItem, writeItem } from '@/lib/storage'
import type { Venta } from '@/features/checkout/types'

/** Browser storage key of the last sale (SPEC §3). */
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

export function writeUltimaVenta(venta: Venta): void {
  writeItem(ULTIMA_VENTA_KEY, JSON.stringify(venta))
}
