import type { CarritoItem } from '@/lib/carrito'

import { priceLine as priceUnits, toCents } from '@/lib/refund'

export { toCents }

type Priceable = Pick<CarritoItem, 'precioFinal' | 'cantidad'>

/** A line's total before IVA in centavos: final price x quantity. */
export function lineCents(item: Priceable): number {
  return priceUnits(item.precioFinal, item.cantidad).base
}

/**
 * A cart line priced as the server prices it (pkg/money.PriceLine, mirrored once in lib/refund),
 * in centavos: its base, its IVA (16 % of the base, for this line alone) and its total.
 */
export function priceLine(item: Priceable): { base: number; iva: number; total: number } {
  return priceUnits(item.precioFinal, item.cantidad)
}

export type CarritoTotals = { subtotal: number; iva: number; total: number }

/**
 * Subtotal, IVA and total, in pesos: the sums of the lines priced as the server prices them (IVA
 * per line, never on the subtotal), so the cart shows to the centavo what the sale will say.
 */
export function carritoTotals(items: readonly Priceable[]): CarritoTotals {
  let subtotal = 0
  let iva = 0
  for (const item of items) {
    const line = priceLine(item)
    subtotal += line.base
    iva += line.iva
  }
  return { subtotal: subtotal / 100, iva: iva / 100, total: (subtotal + iva) / 100 }
}
