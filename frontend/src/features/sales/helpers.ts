import type { Tone } from '@/components/status-chip'
import { priceLine, toCents } from '@/lib/refund'

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

/** The Historial's names of an order's fields (what the server records in `historial[].campo`). */
const CAMPO_LABEL: Record<string, string> = {
  pago: 'Pago',
  metodoPago: 'Método de pago',
  entrega: 'Entrega',
  envio: 'Envío',
  observaciones: 'Observaciones',
  devolucion: 'Devolución',
}

/** An item's delivered flag, recorded as 'entregado <item>' (earlier releases wrote true/false). */
const DELIVERED = 'entregado '
const YES_NO: Record<string, string> = { true: 'Sí', false: 'No', sí: 'Sí', no: 'No' }

/**
 * One Historial entry in Spanish: 'Pago: Pendiente → Pagado', 'Entregado (Switch 8 puertos): No → Sí'
 * (also for entries stored with true/false), an empty value as '—'.
 */
export function cambioText(c: { campo: string; de: string; a: string }): { label: string; de: string; a: string } {
  const delivered = c.campo.startsWith(DELIVERED)
  const value = (v: string) => (delivered ? (YES_NO[v.toLowerCase()] ?? v) : v) || '—'
  const label = delivered
    ? `Entregado (${c.campo.slice(DELIVERED.length)})`
    : (CAMPO_LABEL[c.campo] ?? c.campo.charAt(0).toUpperCase() + c.campo.slice(1))
  return { label, de: value(c.de), a: value(c.a) }
}

/** Units of a line still to return: sold less returned. */
export function unitsLeft(item: { cantidad: number; devueltos?: number; envio?: boolean }): number {
  return item.envio ? 0 : Math.max(0, item.cantidad - (item.devueltos ?? 0))
}

/** Whether a sale can take a return: paid, with some unit not returned yet. */
export function admitsDevolucion(venta: { pago: string; carrito: { cantidad: number; devueltos?: number; envio?: boolean }[] }): boolean {
  return venta.pago === 'Pagado' && venta.carrito.some((i) => unitsLeft(i) > 0)
}

/** What a shipment costing `costo` pesos before IVA charges the customer, and the sale's total with it. */
export type ShippingCharge = { base: number; iva: number; total: number; saleTotal: number }

/**
 * The sale's total once its shipment charges `costo` (before IVA), or nothing when `cobrar` is off:
 * the sale's total less its current shipping line, plus the shipping line priced as the server
 * prices every line (IVA per line, lib/refund's priceLine).
 */
export function shippingCharge(
  venta: { total: number; carrito: { envio?: boolean; precioFinal: number; cantidad: number }[] },
  costo: number,
  cobrar: boolean,
): ShippingCharge {
  const old = venta.carrito.find((it) => it.envio)
  const oldLine = old ? priceLine(old.precioFinal, old.cantidad) : { total: 0 }
  const line = cobrar && costo > 0 ? priceLine(costo, 1) : { base: 0, iva: 0, total: 0 }
  const ventaTotal = toCents(venta.total) - oldLine.total + line.total
  return { base: line.base / 100, iva: line.iva / 100, total: line.total / 100, saleTotal: ventaTotal / 100 }
}
