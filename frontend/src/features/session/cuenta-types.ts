import type { VentaFactura } from '@/lib/venta'

export type RegisterRequest = { name: string; email: string; password: string; phone: string }

/** Own-profile update (name, email, id, phone, address). */
export type PerfilRequest = { id: string; name: string; email: string; phone: string; address: string }

/** Own-password update (email and password). */
export type OwnPasswordRequest = { email: string; password: string }

/** Recovery with the mailed code: `password` carries the code, `newPassword` the new one. */
export type PasswordChangeRequest = { email: string; password: string; newPassword: string }

/** One item of a sale's cart, as `GET /v1/ventas/usuario/{userId}` answers it. */
export type CompraItem = {
  _id?: string
  nombre: string
  talla?: string
  tamano?: string | number
  cantidad: number
  precioFinal: number
  imagen?: string
  /** Units the shop orders from the distributor (issue #28), and the longer delivery the shopper was told. */
  conProveedor?: number
  entrega?: string
}

/** One sale of the signed-in customer. */
export type Compra = {
  _id: string
  folio?: string | number
  fecha?: string
  carrito?: CompraItem[]
  total?: number
  entrega?: unknown
  pago?: unknown
  metodoPago?: string
  /** Set once the sale is invoiced (issue 17). */
  factura?: VentaFactura
}
