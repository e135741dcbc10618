import type { CartItem } from '@/lib/cart'

/** IVA rate, added on top of each line (SPEC §9). */
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

type Priceable = Pick<CartItem, 'precioFinal' | 'cantidad'>

/** A line's total before IVA in centavos: final price x quantity. */
export function lineCents(item: Priceable): number {
  return toCents(item.precioFinal) * item.cantidad
}

/**
 * A line priced as the server prices it (pkg/money.PriceLine), in centavos: its base, its IVA
 * (16 % of the base, rounded half away from zero for this line alone) and its total.
 */
export function priceLine(item: Priceable): { base: number; iva: number; total: number } {
  const base = lineCents(item)
  const iva = mulRatio(base, IVA_RATE, 100)
  return { base, iva, total: base + iva }
}

export type CartTotals = { subtotal: number; iva: number; total: number }

/**
 * Subtotal, IVA and total, in pesos: the sums of the lines priced as the server prices them (IVA
 * per line, never on the subtotal), so the cart shows to the centavo what the sale will say.
 */
export function cartTotals(items: readonly Priceable[]): CartTotals {
  let subtotal = 0
  let iva = 0
  for (const item of items) {
    const line = priceLine(item)
    subtotal += line.base
    iva += line.iva
  }
  return { subtotal: subtotal / 100, iva: iva / 100, total: (subtotal + iva) / 100 }
}
