/** A product as catalogue lists send it (compact form); every field may be missing. */
export type Variante = {
  _id?: string
  talla?: string
  tamano?: string | number
  stock?: number
  precioVenta?: number
  descuento?: number
  /** Computed by the server for each answer: the discount that applies now and the price after it. */
  descuentoEfectivo?: number
  precioFinal?: number
}

export type Producto = {
  _id: string
  producto_id?: string | number
  nombre?: string
  titulo?: string
  descripcion?: string
  imagen?: string
  img_portada?: string
  stock?: number
  total_existencia?: number
  favorito?: boolean
  categoria?: string
  marca?: string
  modelo?: string
  variantes?: Variante[]
  /** Units the distributor has of an imported product (not the shop's own). */
  disponibleConProveedor?: number
  precios?: {
    precio_lista?: number
    precio_1?: number
    precio_descuento?: number
    precio_oferta?: number
  }
}

export type Extra = { _id: string; nombre: string; precio: number }

export type Recurso = { nombre: string; link: string }

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
    /** Documents of the product: a name and an http(s) link. */
    recursos?: Recurso[]
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
  /** Hidden from the shop; listed under 'Archivados'. */
  archivado?: boolean
  variantes?: (VarianteDetalle & { precioCompra?: number; minimo?: number })[]
}

export function productoTitle(p: Pick<Producto, 'nombre' | 'titulo'>): string {
  return (p.nombre || p.titulo || 'Producto sin nombre').trim()
}

export function productoImage(p: Pick<Producto, 'imagen' | 'img_portada'>): string | undefined {
  return p.imagen || p.img_portada || undefined
}

/** Units on hand; undefined when the server did not say. */
export function productoStock(p: Producto): number | undefined {
  if (typeof p.stock === 'number') return p.stock
  if (typeof p.total_existencia === 'number') return p.total_existencia
  if (p.variantes?.length) return p.variantes.reduce((sum, v) => sum + (v.stock ?? 0), 0)
  return undefined
}

/** What a shopper reads of units the shop orders from the distributor: the delivery takes longer. */
export const ENTREGA_PROVEEDOR = 'Disponible con proveedor: entrega en 3 a 5 días hábiles'

/** The distributor's units of an imported product's variant (only its first variant is the distributor's). */
export function proveedorUnits(p: { disponibleConProveedor?: number; variantes?: { _id?: string }[] }, variantId?: string): number {
  const first = p.variantes?.[0]?._id
  if (variantId !== undefined && first !== undefined && variantId !== first) return 0
  return Math.max(0, p.disponibleConProveedor ?? 0)
}

/** Sold out: no units of its own and none from the distributor. */
export function isOutOfStock(p: Producto): boolean {
  const stock = productoStock(p)
  return stock !== undefined && stock <= 0 && proveedorUnits(p) <= 0
}

/** Final price = price x (1 - descuento/100), rounded to centavos. */
export function discounted(price: number, descuento: number): number {
  const pct = descuento > 0 && descuento < 100 ? descuento : 0
  return Math.round(price * (1 - pct / 100) * 100) / 100
}

export type PriceInfo = { precio: number; precioFinal: number; descuento: number }

/**
 * The price a card shows: the first variant's sale price and discount when there are
 * variants, otherwise the list price and the discount price from `precios`.
 */
export function productoPrice(p: Producto): PriceInfo | undefined {
  const v = p.variantes?.[0]
  if (v && typeof v.precioVenta === 'number') {
    const descuento = Math.max(0, v.descuentoEfectivo ?? v.descuento ?? 0)
    const precioFinal = typeof v.precioFinal === 'number' ? v.precioFinal : discounted(v.precioVenta, descuento)
    return { precio: v.precioVenta, precioFinal, descuento: Math.round(descuento) }
  }
  const lista = p.precios?.precio_lista ?? p.precios?.precio_1
  if (typeof lista !== 'number') return undefined
  const oferta = p.precios?.precio_descuento ?? p.precios?.precio_oferta
  if (typeof oferta === 'number' && oferta > 0 && oferta < lista) {
    return { precio: lista, precioFinal: oferta, descuento: Math.round(((lista - oferta) / lista) * 100) }
  }
  return { precio: lista, precioFinal: lista, descuento: 0 }
}

/** The discount a variant sells with now: the server's effective one, else its own. */
export function variantDescuento(v: VarianteDetalle): number {
  const pct = typeof v.descuentoEfectivo === 'number' ? v.descuentoEfectivo : (v.descuento ?? 0)
  return pct > 0 && pct <= 100 ? pct : 0
}

/** The unit price after discount, as the server computed it when it did. */
export function variantFinalPrice(v: VarianteDetalle): number {
  if (typeof v.precioFinal === 'number') return v.precioFinal
  return discounted(v.precioVenta ?? 0, variantDescuento(v))
}

/** Page size of product lists. */
export const PAGE_SIZE = 24

/** One page of a product list. */
export type ProductosPage = { products: Producto[]; hasMore: boolean }

/**
 * Normalises the list answer: `{products, meta:{hasMore}}`, or a plain list whose
 * length equal to the limit means there may be more; any other shape is an empty last page.
 */
export function toProductosPage(body: unknown, limit = PAGE_SIZE): ProductosPage {
  if (Array.isArray(body)) return { products: body as Producto[], hasMore: body.length === limit }
  if (body && typeof body === 'object' && Array.isArray((body as { products?: unknown }).products)) {
    const { products, meta } = body as { products: Producto[]; meta?: { hasMore?: boolean } }
    return { products, hasMore: meta?.hasMore ?? products.length === limit }
  }
  return { products: [], hasMore: false }
}
