import type { CarritoExtra, CarritoItem } from '@/lib/carrito'
import { productoPrice, productoStock, proveedorUnits, variantDescuento, variantFinalPrice, type ProductoDetalle } from '@/lib/producto'
import { toCents } from '@/features/checkout/carrito-totals'

/** What the catalogue says today about a cart line. */
export type LineCheck =
  | { kind: 'ok'; price: Price; stock?: number; proveedor?: number }
  | { kind: 'gone' }
  | { kind: 'agotado' }
  | { kind: 'poco'; stock: number; price: Price }

export type Price = { precio: number; precioFinal: number; descuento: number; extras?: CarritoExtra[] }

/**
 * Checks a cart line against the product as `GET /v1/productos/{id}` answers it: is the variant
 * still sold, is there stock for the quantity, and what does it cost now (the variant's final
 * price plus the chosen extras at today's price, as the server prices an order).
 */
export function checkLine(item: CarritoItem, producto: ProductoDetalle): LineCheck {
  const variantes = producto.variantes ?? []
  let price: Price
  let stock: number | undefined // what can be ordered: the shop's own units and the distributor's
  let own: number | undefined
  if (variantes.length > 0) {
    const v = variantes.find((x) => x._id === item.id)
    if (!v) return { kind: 'gone' }
    stock = v.stock === undefined ? undefined : Math.max(0, v.stock) + proveedorUnits(producto, v._id)
    own = v.stock
    price = { precio: v.precioVenta ?? 0, precioFinal: variantFinalPrice(v), descuento: variantDescuento(v) }
  } else {
    const p = productoPrice(producto)
    if (!p) return { kind: 'gone' }
    own = productoStock(producto)
    stock = own === undefined ? undefined : Math.max(0, own) + proveedorUnits(producto)
    price = { precio: p.precio, precioFinal: p.precioFinal, descuento: p.descuento }
  }
  if (item.extras?.length) {
    const extras: CarritoExtra[] = []
    for (const e of item.extras) {
      const now = (producto.extras ?? []).find((x) => (e._id ? x._id === e._id : x.nombre === e.nombre))
      if (!now) return { kind: 'gone' }
      extras.push({ _id: now._id, nombre: now.nombre, precio: now.precio })
    }
    const extrasCents = extras.reduce((sum, e) => sum + toCents(e.precio), 0)
    price = { ...price, precioFinal: (toCents(price.precioFinal) + extrasCents) / 100, extras }
  }
  if (typeof stock === 'number' && stock <= 0) return { kind: 'agotado' }
  if (typeof stock === 'number' && stock < item.cantidad) return { kind: 'poco', stock, price }
  const proveedor = typeof own === 'number' ? Math.max(0, item.cantidad - Math.max(0, own)) : 0
  return proveedor > 0 ? { kind: 'ok', price, stock, proveedor } : { kind: 'ok', price, stock }
}

/** Whether the line's stored price differs from today's (to the centavo). */
export function priceChanged(item: CarritoItem, price: Price): boolean {
  return (
    toCents(item.precioFinal) !== toCents(price.precioFinal) ||
    toCents(item.precio) !== toCents(price.precio) ||
    Math.round(item.descuento) !== Math.round(price.descuento)
  )
}

/** A line's identity: the same variant of the same product is one line. */
export const lineKey = (item: Pick<CarritoItem, 'id' | 'producto_id'>) => `${item.producto_id}:${item.id}`
