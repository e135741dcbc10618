import { useState } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/hooks'
import { itemAdded, selectCarritoItems } from '@/lib/carrito-slice'
import { proveedorUnits, type ProductoDetalle } from '@/lib/producto'
import { priceLine, type LineMoney } from '@/lib/refund'
import { toCarritoItem } from '@/features/catalog/carrito-line'
import { capQuantity, stockLimit } from '@/features/catalog/stock-limit'

/**
 * What the shopper chooses on a product page (variant, extras, quantity) and 'Agregar al carrito'.
 * The quantity never passes the variant's stock less what the cart already holds of it.
 */
export function useProductoChoice(producto: ProductoDetalle) {
  const dispatch = useAppDispatch()
  const variantes = producto.variantes ?? []
  const [variantId, setVariantId] = useState(variantes[0]?._id ?? '')
  const [extraIds, setExtraIds] = useState<string[]>([])
  const [cantidad, setCantidad] = useState(1)
  const [added, setAdded] = useState(false)
  const variant = variantes.find((v) => v._id === variantId) ?? variantes[0]
  const extras = (producto.extras ?? []).filter((e) => extraIds.includes(e._id))
  // What can be ordered: the shop's own units, then the distributor's (a longer delivery).
  const stock = Math.max(0, variant?.stock ?? 0) + (variant ? proveedorUnits(producto, variant._id) : 0)
  // What the cart already holds of this variant counts against its stock.
  const inCarrito = useAppSelector(
    (s) => selectCarritoItems(s).find((i) => i.id === variant?._id && i.producto_id === producto._id)?.cantidad ?? 0,
  )
  // The stepper never passes the stock: the quantity is capped whenever the variant or the cart changes.
  const { max } = stockLimit(stock, inCarrito, cantidad)
  const qty = capQuantity(cantidad, max)
  const limit = stockLimit(stock, inCarrito, qty)
  // What the choice costs, priced as the cart will price its line (variant, extras, quantity).
  const line: LineMoney | undefined = variant ? priceLine(toCarritoItem(producto, variant, extras, qty).precioFinal, qty) : undefined

  const add = () => {
    if (!variant || qty < 1) return
    dispatch(itemAdded(toCarritoItem(producto, variant, extras, qty), stock))
    setAdded(true)
  }

  const chooseVariant = (id: string) => {
    const next = variantes.find((v) => v._id === id)
    setVariantId(id)
    setAdded(false)
    // Re-capped at once for the new variant; capping the state too keeps it from growing back
    // when the shopper returns to a variant with more stock.
    if (next) setCantidad((n) => Math.min(n, Math.max(0, next.stock ?? 0) + proveedorUnits(producto, next._id)))
  }

  const toggleExtra = (id: string, checked: boolean) =>
    setExtraIds((ids) => (checked ? [...ids, id] : ids.filter((x) => x !== id)))

  return {
    variantes,
    variant,
    chooseVariant,
    extraIds,
    extras,
    toggleExtra,
    stock,
    qty,
    max,
    limit,
    line,
    setQuantity: setCantidad,
    added,
    add,
  }
}
