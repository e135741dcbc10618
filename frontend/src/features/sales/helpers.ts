import type { Tone } from '@/components/status-chip'

/** The provider's payment status: approved success, pending warning, anything else error. */
export function providerTone(status: string): Tone {
  if (status === 'approved') return 'success'
  if (status === 'pending' || status === 'in_process') return 'warning'
  return 'error'
}

/** Name, size and dimension of an order item; the size is hidden when it is 'Unico'. */
export function itemDetail(item: { talla?: string; tamano?: string }): string {
  return [item.talla && item.talla !== 'Unico' ? item.talla : '', item.tamano ?? ''].filter(Boolean).join(' · ')
}

/** Pesos to whole centavos, as the server does (pkg/money.FromPesos). */
function cents(pesos: number): number {
  return Number.isFinite(pesos) ? Math.round(Math.round(pesos * 100 * 1e6) / 1e6) : 0
}

/** A line's IVA in centavos: 16 % of its base, rounded half away from zero on the line alone (pkg/money.PriceLine). */
function lineIVA(base: number): number {
  const q = Math.trunc((base * 16) / 100)
  const r = base * 16 - q * 100
  return 2 * Math.abs(r) >= 100 ? q + Math.sign(base) : q
}

/** What a shipment costing `costo` pesos before IVA charges the customer, and the sale's total with it. */
export type ShippingCharge = { base: number; iva: number; total: number; saleTotal: number }

/**
 * The sale's total once its shipment charges `costo` (before IVA), or nothing when `cobrar` is off:
 * the sale's lines other than the shipping line, plus the shipping line priced as the server prices
 * every line (IVA per line).
 */
export function shippingCharge(sale: { total: number; carrito: { envio?: boolean; precioFinal: number; cantidad: number }[] }, costo: number, cobrar: boolean): ShippingCharge {
  const old = sale.carrito.find((it) => it.envio)
  const oldBase = old ? cents(old.precioFinal) * old.cantidad : 0
  const rest = cents(sale.total) - oldBase - lineIVA(oldBase)
  const base = cobrar && costo > 0 ? cents(costo) : 0
  const iva = lineIVA(base)
  return { base: base / 100, iva: iva / 100, total: (base + iva) / 100, saleTotal: (rest + base + iva) / 100 }
}
