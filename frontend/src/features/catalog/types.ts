import type { Producto, Variante } from '@/lib/product'

export type Extra = { _id: string; nombre: string; precio: number }

export type VarianteDetalle = Variante & { _id: string; descuentoEfectivo?: number; precioFinal?: number }

/** A product as `GET /v1/productos/{id}` sends it: every field a shopper may see. */
export type ProductoDetalle = Omit<Producto, 'variantes'> & {
  marca_logo?: string
  garantia?: string
  sat_key?: string
  unidad_de_medida?: { clave_unidad_sat?: string }
  largo?: number
  ancho?: number
  alto?: number
  descripcionCorta?: string
  categorias?: string[]
  variantes?: VarianteDetalle[]
  extras?: Extra[]
  details?: {
    caracteristicas?: string[]
    imagenes?: string[]
    img_portada?: string
    descripcion?: string
  }
}

/** A product as staff read it (`GET /v1/admin/productos/{id}`): also its cost, supplier and version. */
export type ProductoAdmin = Omit<ProductoDetalle, 'variantes'> & {
  proveedor?: string
  fechaCompra?: string
  descuentoId?: string
  version?: number
  variantes?: (VarianteDetalle & { precioCompra?: number })[]
}
