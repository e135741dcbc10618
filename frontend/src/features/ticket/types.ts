import type { SaleItem } from '@/lib/sale'

/** What a ticket shows of a sale (`GET /v1/ventas/{id}`). */
export type TicketSale = {
  _id: string
  folio: string
  fecha: string
  cliente: string
  usuario?: { name?: string }
  nombreCreador?: string
  carrito: SaleItem[]
  subtotal: number
  iva: number
  total: number
  metodoPago: string
  pago: string
  entrega: string
}
