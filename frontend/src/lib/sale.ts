/** One line of a sale as the server stores it (SPEC §3 Sale/order, the `carrito` of `POST /v1/ventas`). */
export type SaleItem = {
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
}
