import type { CarritoItem } from '@/lib/carrito'
import { formatMoney } from '@/lib/money'
import { toCents } from '@/lib/refund'

type Line = Pick<CarritoItem, 'precio' | 'precioFinal' | 'cantidad' | 'descuento' | 'extras'>

/** The line's unit price before its discount (the product's plus its extras'), when it differs from the final one. */
export function originalPrice(item: Line): number | null {
  const extrasTotal = (item.extras ?? []).reduce((sum, e) => sum + toCents(e.precio), 0)
  const original = (toCents(item.precio) + extrasTotal) / 100
  return toCents(item.precio) > 0 && toCents(original) !== toCents(item.precioFinal) ? original : null
}

/**
 * The discount chip's text, as the discount really applies to the unit: its percentage when it
 * covers the whole price; the amount saved when the line has extras, which are not discounted (a
 * 10 % product with an extra is not 10 % off); null without a discount.
 */
export function descuentoLabel(item: Line, original: number | null = originalPrice(item)): string | null {
  if (!(item.descuento > 0) || original === null) return null
  if ((item.extras ?? []).some((e) => toCents(e.precio) !== 0)) {
    const saved = formatMoney((toCents(original) - toCents(item.precioFinal)) / 100)
    return item.cantidad > 1 ? `Ahorras ${saved} c/u` : `Ahorras ${saved}`
  }
  return `- ${Math.round(item.descuento)}% Desc`
}
