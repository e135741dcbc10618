import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { signedOut } from '@/lib/session-events'
import { loadCart } from '@/features/cart/cart-storage'
import type { CartItem } from '@/features/cart/types'

export type CartState = { items: CartItem[] }

const sameLine = (a: Pick<CartItem, 'id' | 'producto_id'>, b: Pick<CartItem, 'id' | 'producto_id'>) =>
  a.id === b.id && a.producto_id === b.producto_id

export const cartSlice = createSlice({
  name: 'cart',
  initialState: (): CartState => ({ items: loadCart() }),
  reducers: {
    /** Adds a line; the same id and producto_id adds to the quantity instead. */
    itemAdded: (state, action: PayloadAction<CartItem>) => {
      const existing = state.items.find((item) => sameLine(item, action.payload))
      if (existing) existing.cantidad += action.payload.cantidad
      else state.items.push(action.payload)
    },
    itemRemoved: (state, action: PayloadAction<Pick<CartItem, 'id' | 'producto_id'>>) => {
      state.items = state.items.filter((item) => !sameLine(item, action.payload))
    },
    quantityChanged: (
      state,
      action: PayloadAction<Pick<CartItem, 'id' | 'producto_id'> & { cantidad: number }>,
    ) => {
      const item = state.items.find((i) => sameLine(i, action.payload))
      if (!item) return
      if (action.payload.cantidad <= 0) state.items = state.items.filter((i) => i !== item)
      else item.cantidad = action.payload.cantidad
    },
    /** The server's current price for a line (the cart refreshes prices from the catalogue). */
    itemRepriced: (
      state,
      action: PayloadAction<Pick<CartItem, 'id' | 'producto_id' | 'precio' | 'precioFinal' | 'descuento'> & Pick<CartItem, 'extras'>>,
    ) => {
      const item = state.items.find((i) => sameLine(i, action.payload))
      if (!item) return
      item.precio = action.payload.precio
      item.precioFinal = action.payload.precioFinal
      item.descuento = action.payload.descuento
      if (action.payload.extras) item.extras = action.payload.extras
    },
    cartCleared: (state) => {
      state.items = []
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, (state) => {
      state.items = []
    })
  },
  selectors: {
    selectCartItems: (s) => s.items,
    /** The header badge: the sum of quantities. */
    selectCartCount: (s) => s.items.reduce((sum, item) => sum + item.cantidad, 0),
  },
})

export const { itemAdded, itemRemoved, quantityChanged, itemRepriced, cartCleared } = cartSlice.actions
export const { selectCartItems, selectCartCount } = cartSlice.selectors
