export type CarritoExtra = { _id?: string; nombre: string; precio: number }

/** One cart line as the original shop kept it in browser storage. */
export type CarritoItem = {
  id: string
  producto_id: string
  nombre: string
  imagen: string
  precio: number
  precioFinal: number
  cantidad: number
  descuento: number
  talla?: string
  extras?: CarritoExtra[]
}
