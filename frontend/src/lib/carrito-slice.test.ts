import { describe, expect, it } from 'vitest'
import { makeStore } from '@/lib/store'
import { carritoCleared, itemAdded, itemRemoved, quantityChanged, selectCarritoCount, selectCarritoItems } from '@/lib/carrito-slice'
import type { CarritoItem } from '@/lib/carrito'

const camara: CarritoItem = {
  id: 'var-1',
  producto_id: 'prod-1',
  nombre: 'Cámara IP 4MP',
  imagen: 'https://img/camara.jpg',
  precio: 1000,
  precioFinal: 900,
  cantidad: 1,
  descuento: 10,
  talla: 'Unico',
}

const storedCarrito = () => JSON.parse(localStorage.getItem('cart') ?? 'null') as CarritoItem[] | null

describe('cart', () => {
  it.each([
    ['invalid JSON', '{not json'],
    ['an object instead of a list', '{"id":"x"}'],
    ['items without the required fields', '[{"foo":1}]'],
    ['a negative quantity', JSON.stringify([{ ...camara, cantidad: -2 }])],
  ])('treats %s as an empty cart and removes the key', (_label, raw) => {
    localStorage.setItem('cart', raw)
    const store = makeStore()
    expect(selectCarritoItems(store.getState())).toEqual([])
    expect(localStorage.getItem('cart')).toBeNull()
  })

  it('loads a valid stored cart', () => {
    localStorage.setItem('cart', JSON.stringify([{ ...camara, cantidad: 3 }]))
    const store = makeStore()
    expect(selectCarritoItems(store.getState())).toHaveLength(1)
    expect(selectCarritoCount(store.getState())).toBe(3)
  })

  it('adds to the quantity when the same id and producto_id is added again', () => {
    const store = makeStore()
    store.dispatch(itemAdded(camara))
    store.dispatch(itemAdded({ ...camara, cantidad: 2 }))
    expect(selectCarritoItems(store.getState())).toHaveLength(1)
    expect(selectCarritoItems(store.getState())[0].cantidad).toBe(3)
    expect(storedCarrito()?.[0].cantidad).toBe(3)
  })

  it("never holds more than the variant's stock when the same line is added again", () => {
    const store = makeStore()
    store.dispatch(itemAdded({ ...camara, cantidad: 2 }, 3))
    store.dispatch(itemAdded({ ...camara, cantidad: 2 }, 3))
    expect(selectCarritoItems(store.getState())[0].cantidad).toBe(3)
    store.dispatch(itemAdded(camara, 3))
    expect(selectCarritoItems(store.getState())[0].cantidad).toBe(3)
    // A first add above the stock is cut to it; with no stock at all nothing is added.
    store.dispatch(itemAdded({ ...camara, id: 'var-2', cantidad: 6 }, 4))
    store.dispatch(itemAdded({ ...camara, id: 'var-3', cantidad: 1 }, 0))
    expect(selectCarritoItems(store.getState()).map((i) => [i.id, i.cantidad])).toEqual([
      ['var-1', 3],
      ['var-2', 4],
    ])
  })

  it('leaves a line already above a stock that fell, and caps raises but not cuts', () => {
    localStorage.setItem('cart', JSON.stringify([{ ...camara, cantidad: 5 }]))
    const store = makeStore()
    store.dispatch(itemAdded(camara, 3))
    expect(selectCarritoItems(store.getState())[0].cantidad).toBe(5)
    store.dispatch(quantityChanged({ id: 'var-1', producto_id: 'prod-1', cantidad: 4, stock: 3 }))
    expect(selectCarritoItems(store.getState())[0].cantidad).toBe(4)
    store.dispatch(quantityChanged({ id: 'var-1', producto_id: 'prod-1', cantidad: 2, stock: 3 }))
    store.dispatch(quantityChanged({ id: 'var-1', producto_id: 'prod-1', cantidad: 9, stock: 3 }))
    expect(selectCarritoItems(store.getState())[0].cantidad).toBe(3)
  })

  it('keeps separate lines for another variant of the same product', () => {
    const store = makeStore()
    store.dispatch(itemAdded(camara))
    store.dispatch(itemAdded({ ...camara, id: 'var-2', cantidad: 4 }))
    expect(selectCarritoItems(store.getState())).toHaveLength(2)
    expect(selectCarritoCount(store.getState())).toBe(5)
  })

  it('persists changes under the cart key and leaves no key when emptied', () => {
    const store = makeStore()
    store.dispatch(itemAdded(camara))
    store.dispatch(quantityChanged({ id: 'var-1', producto_id: 'prod-1', cantidad: 5 }))
    expect(storedCarrito()).toEqual([{ ...camara, cantidad: 5 }])

    store.dispatch(itemRemoved({ id: 'var-1', producto_id: 'prod-1' }))
    expect(localStorage.getItem('cart')).toBeNull()

    store.dispatch(itemAdded(camara))
    store.dispatch(carritoCleared())
    expect(selectCarritoCount(store.getState())).toBe(0)
    expect(localStorage.getItem('cart')).toBeNull()
  })
})
