import type { VentaItem } from '@/lib/venta'

/** What a ticket shows of a sale (`GET /v1/ventas/{id}`). */
export type TicketVenta = {
  _id: string
  folio: string
  fecha: string
  cliente: string
  usuario?: { name?: string }
  nombreCreador?: string
  carrito: VentaItem[]
  subtotal: number
  iva: number
  total: number
  metodoPago: string
  pago: string
  entrega: string
}
