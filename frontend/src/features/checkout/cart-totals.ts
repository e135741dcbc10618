import type { CartItem } from '@/lib/cart'

/** IVA rate, added on top of the subtotal (SPEC §9). */
export const IVA_RATE = 16

/** Pesos to whole centavos, as the server does (pkg/money.FromPesos). */
export function toCents(pesos: number): number {
  if (!Number.isFinite(pesos)) return 0
  return Math.round(Math.round(pesos * 100 * 1e6) / 1e6)
}

/** `cents * num / den` rounded half away from zero, as the server does (pkg/money.MulRatio). */
function mulRatio(cents: number, num: number, den: number): number {
  const p = cents * num
  const q = Math.trunc(p / den)
  const r = p - q * den
  return 2 * Math.abs(r) >= Math.abs(den) ? q + Math.sign(p) : q
}

/** A line's total in centavos: final price x quantity. */
export function lineCents(item: Pick<CartItem, 'precioFinal' | 'cantidad'>): number {
  return toCents(item.precioFinal) * item.cantidad
}

export type CartTotals = { subtotal: number; iva: number; total: number }

/**
 * Subtotal, IVA (16 % of the subtotal) and total, in pesos, summed in centavos exactly as the
 * server prices the order, so the cart shows to the centavo what the sale will say.
 */
export function cartTotals(items: readonly Pick<CartItem, 'precioFinal' | 'cantidad'>[]): CartTotals {
  const subtotal = items.reduce((sum, item) => sum + lineCents(item), 0)
  const iva = mulRatio(subtotal, IVA_RATE, 100)
  return { subtotal: subtotal / 100, iva: iva / 100, total: (subtotal + iva) / 100 }
}
