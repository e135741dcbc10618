import { formatDate as formatShopDate } from '@/lib/dates'
import { priceLine } from '@/lib/refund'
import type { Compra, CompraItem } from '@/features/session/cuenta-types'

export const NO_COMPRAS = 'Aún no tienes compras.'

/** Date as year-month-day in the shop's time zone; '' when there is none. */
export function formatDate(value: string | undefined): string {
  return value ? formatShopDate(value) : ''
}

/** The payment state of a sale as the shopper reads it: 'Pagado' or 'Pendiente de pago'. */
export function pagoState(p: Compra): 'Pagado' | 'Pendiente de pago' {
  return p.pago === 'Pagado' || p.pago === true ? 'Pagado' : 'Pendiente de pago'
}

/** The server's delivery states (sales.EntregaValues) in the shopper's words. */
const DELIVERY_WORDS: Record<string, string> = {
  Pendiente: 'Por entregar',
  Enviado: 'Enviado',
  Entregado: 'Entregado',
  Cancelado: 'Cancelado',
  Devuelto: 'Devuelto',
}

/** The delivery state of a sale: 'Por entregar', 'Enviado', 'Entregado', 'Cancelado', 'Devuelto' or what the server says. */
export function deliveryState(p: Compra): string {
  if (typeof p.entrega === 'string' && p.entrega.trim() !== '') return DELIVERY_WORDS[p.entrega] ?? p.entrega
  if (p.entrega === true) return 'Entregado'
  return 'Por entregar'
}

/** A line's total with IVA, in pesos, priced as the cart and the server price it (IVA per line). */
export function lineTotalWithIva(item: Pick<CompraItem, 'precioFinal' | 'cantidad'>): number {
  return priceLine(item.precioFinal, item.cantidad).total / 100
}

/** Item name plus size (hidden when 'Unico') and dimension. */
export function itemLabel(item: CompraItem): string {
  const extra = [item.talla && item.talla !== 'Unico' ? item.talla : '', item.tamano ? String(item.tamano) : '']
    .filter(Boolean)
    .join(' · ')
  return extra ? `${item.nombre} (${extra})` : item.nombre
}
