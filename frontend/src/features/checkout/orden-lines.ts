import type { CarritoItem } from '@/lib/carrito'
import type { OrdenLine } from '@/features/checkout/types'

/** The cart as the server reads an order: ids, quantities and the extras' ids (never prices). */
export function toOrdenLines(items: readonly CarritoItem[]): OrdenLine[] {
  return items.map((item) => {
    const line: OrdenLine = { id: item.id, producto_id: item.producto_id, cantidad: item.cantidad, nombre: item.nombre }
    const extras = (item.extras ?? []).filter((e): e is typeof e & { _id: string } => Boolean(e._id)).map((e) => ({ _id: e._id }))
    if (extras.length > 0) line.extras = extras
    return line
  })
}
