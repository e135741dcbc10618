import type { CarritoItem } from '@/lib/carrito'
import {
  productoImage,
  productoTitle,
  variantDescuento,
  variantFinalPrice,
  type Extra,
  type ProductoDetalle,
  type VarianteDetalle,
} from '@/lib/producto'

/**
 * The cart line for a product page choice: `id` is the VARIANT's _id and `producto_id`
 * the PRODUCT's _id; the extras' prices are added to the final price (extras are not discounted).
 * The server prices the order again from the catalogue; these numbers are only what the cart shows.
 */
export function toCarritoItem(producto: ProductoDetalle, variant: VarianteDetalle, extras: Extra[], cantidad: number): CarritoItem {
  const extrasTotal = extras.reduce((sum, e) => sum + e.precio, 0)
  const item: CarritoItem = {
    id: variant._id,
    producto_id: producto._id,
    nombre: productoTitle(producto),
    imagen: productoImage(producto) ?? '',
    precio: variant.precioVenta ?? 0,
    precioFinal: Math.round((variantFinalPrice(variant) + extrasTotal) * 100) / 100,
    cantidad,
    descuento: variantDescuento(variant),
  }
  if (variant.talla) item.talla = variant.talla
  if (extras.length > 0) {
    const withIds: (CarritoItem['extras'] extends (infer E)[] | undefined ? E & { _id: string } : never)[] = extras.map((e) => ({
      _id: e._id,
      nombre: e.nombre,
      precio: e.precio,
    }))
    item.extras = withIds
  }
  return item
}
