import type { VentaItem } from '@/lib/venta'

/** The provider's payment as the server recorded it on an online sale. */
export type VentaMercadoPago = {
  payment_id: string
  status: string
  payment_type?: string
  merchant_order_id?: string
  collection_id?: string
  external_reference?: string
  preference_id?: string
  timestamp?: string
}

/** A sale, with the fields the shop's pages use. */
export type Venta = {
  _id: string
  folio: string
  fecha: string
  carrito: VentaItem[]
  cliente: string
  usuarioId?: string
  subtotal: number
  iva: number
  total: number
  montoCobro?: number
  mercadoPago?: VentaMercadoPago
  entrega?: string
  pago?: string
  metodoPago?: string
  origen?: 'caja' | 'mercadopago'
}

/** A cart line as the server reads it: ids, the extras' ids and the quantity (prices are ignored). */
export type OrdenLine = {
  id: string
  producto_id: string
  cantidad: number
  nombre?: string
  extras?: { _id: string }[]
}

/** clienteId: staff placing the order for a customer's account (the sale is that customer's). */
export type PlaceOrdenRequest = { cliente: string; carrito: OrdenLine[]; clienteId?: string }

/** A customer's account as staff pick it for a counter order (GET usuarios/clientes). */
export type ClienteCuenta = { _id: string; name: string; email: string }

export type PreferenceRequest = { public_key: string; items: OrdenLine[]; cliente?: string }

/** The return parameters the provider puts on the /success URL. */
export const RETURN_FIELDS = [
  'collection_id',
  'collection_status',
  'payment_id',
  'status',
  'external_reference',
  'payment_type',
  'merchant_order_id',
  'preference_id',
  'site_id',
  'processing_mode',
  'merchant_account_id',
] as const

export type ReturnParams = Record<(typeof RETURN_FIELDS)[number], string>

/** `POST /v1/ventas/mercado-pago/confirmar` answer. */
export type ConfirmResult = { venta: Venta; guardada: boolean; nueva: boolean; estado: string }
