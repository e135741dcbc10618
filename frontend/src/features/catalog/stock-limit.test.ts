import { describe, expect, it } from 'vitest'
import { capQuantity, stockLimit } from '@/features/catalog/stock-limit'

describe('stockLimit', () => {
  it.each([
    // stock, in cart, quantity -> cap, message
    [10, 0, 1, 10, null],
    [3, 0, 2, 3, null],
    [3, 0, 3, 3, 'Solo hay 3 disponibles.'],
    [3, 0, 6, 3, 'Solo hay 3 disponibles.'],
    [1, 0, 1, 1, 'Solo hay 1 disponible.'],
    [3, 2, 1, 1, 'Solo hay 3 disponibles y ya tienes 2 en tu carrito: puedes agregar 1 más.'],
    [5, 1, 4, 4, 'Solo hay 5 disponibles y ya tienes 1 en tu carrito: puedes agregar 4 más.'],
    [3, 3, 1, 0, 'Ya tienes en tu carrito las 3 piezas disponibles.'],
    [1, 1, 0, 0, 'Ya tienes en tu carrito la única pieza disponible.'],
    [3, 5, 1, 0, 'Ya tienes en tu carrito las 3 piezas disponibles.'],
    [0, 0, 1, 0, null],
    [-2, 0, 1, 0, null],
  ])('stock %i, %i in the cart, quantity %i: cap %i', (stock, inCarrito, cantidad, max, message) => {
    expect(stockLimit(stock, inCarrito, cantidad)).toEqual({ max, message })
  })

  it('keeps a quantity between 0 and the cap', () => {
    expect(capQuantity(6, 3)).toBe(3)
    expect(capQuantity(2, 3)).toBe(2)
    expect(capQuantity(1, 0)).toBe(0)
    expect(capQuantity(-1, 3)).toBe(0)
  })
})
