import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { signedOut } from '@/lib/session-events'
import { loadCarrito } from '@/lib/carrito-storage'
import type { CarritoItem } from '@/lib/carrito'

export type CarritoState = { items: CarritoItem[] }

const sameLine = (a: Pick<CarritoItem, 'id' | 'producto_id'>, b: Pick<CarritoItem, 'id' | 'producto_id'>) =>
  a.id === b.id && a.producto_id === b.producto_id

/** The most a line may hold: the stock when known, else no limit. */
const capOf = (stock: number | undefined) => (typeof stock === 'number' ? Math.max(0, Math.floor(stock)) : Infinity)

export const carritoSlice = createSlice({
  name: 'cart',
  initialState: (): CarritoState => ({ items: loadCarrito() }),
  reducers: {
    /**
     * Adds a line; the same id and producto_id adds to the quantity instead. With the variant's
     * `stock`, the line never ends up holding more than that (a line already above it, because the
     * stock fell since, is left for the cart page to flag).
     */
    itemAdded: {
      reducer: (state, action: PayloadAction<CarritoItem, string, { stock?: number }>) => {
        const max = capOf(action.meta.stock)
        const existing = state.items.find((item) => sameLine(item, action.payload))
        if (existing) existing.cantidad = Math.max(existing.cantidad, Math.min(existing.cantidad + action.payload.cantidad, max))
        else if (Math.min(action.payload.cantidad, max) > 0)
          state.items.push({ ...action.payload, cantidad: Math.min(action.payload.cantidad, max) })
      },
      prepare: (item: CarritoItem, stock?: number) => ({ payload: item, meta: { stock } }),
    },
    itemRemoved: (state, action: PayloadAction<Pick<CarritoItem, 'id' | 'producto_id'>>) => {
      state.items = state.items.filter((item) => !sameLine(item, action.payload))
    },
    /** Sets a line's quantity; with `stock`, a raise stops there (lowering is always allowed). */
    quantityChanged: (
      state,
      action: PayloadAction<Pick<CarritoItem, 'id' | 'producto_id'> & { cantidad: number; stock?: number }>,
    ) => {
      const item = state.items.find((i) => sameLine(i, action.payload))
      if (!item) return
      const { cantidad } = action.payload
      if (cantidad <= 0) state.items = state.items.filter((i) => i !== item)
      else if (cantidad > item.cantidad) item.cantidad = Math.max(item.cantidad, Math.min(cantidad, capOf(action.payload.stock)))
      else item.cantidad = cantidad
    },
    /** The server's current price for a line (the cart refreshes prices from the catalogue). */
    itemRepriced: (
      state,
      action: PayloadAction<Pick<CarritoItem, 'id' | 'producto_id' | 'precio' | 'precioFinal' | 'descuento'> & Pick<CarritoItem, 'extras'>>,
    ) => {
      const item = state.items.find((i) => sameLine(i, action.payload))
      if (!item) return
      item.precio = action.payload.precio
      item.precioFinal = action.payload.precioFinal
      item.descuento = action.payload.descuento
      if (action.payload.extras) item.extras = action.payload.extras
    },
    carritoCleared: (state) => {
      state.items = []
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, (state) => {
      state.items = []
    })
  },
  selectors: {
    selectCarritoItems: (s) => s.items,
    /** The header badge: the sum of quantities. */
    selectCarritoCount: (s) => s.items.reduce((sum, item) => sum + item.cantidad, 0),
  },
})

export const { itemAdded, itemRemoved, quantityChanged, itemRepriced, carritoCleared } = carritoSlice.actions
export const { selectCarritoItems, selectCarritoCount } = carritoSlice.selectors
