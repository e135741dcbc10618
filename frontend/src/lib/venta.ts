/** One line of a sale as the server stores it (the `carrito` of `POST /v1/ventas`). */
export type VentaItem = {
  _id: string
  producto_id: string
  nombre: string
  descripcion?: string
  precio: number
  descuento: number
  precioFinal: number
  cantidad: number
  imagen?: string
  talla?: string
  tamano?: string
  extras?: { _id: string; nombre: string; precio: number }[]
  entregado: boolean
  /** Units of the line returned so far (issue #23); absent: none. */
  devueltos?: number
  /** The shipment's cost charged to the customer (a service line: no stock, no delivered flag, never returned). */
  envio?: boolean
  /** Units of the line the shop orders from the distributor (issue #28), and what that means for the delivery. */
  conProveedor?: number
  entrega?: string
}

/** A sale's invoice (issue 17): every sale JSON carries it once the sale is invoiced. */
export type VentaFactura = { id: string; tipo: 'individual' | 'global'; uuid?: string }
