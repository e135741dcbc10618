import { afterEach, describe, expect, it } from 'vitest'
import { makeStore } from '@/lib/store'
import { itemAdded, carritoCleared } from '@/lib/carrito-slice'
import { CARRITO_COOKIE, CARRITO_KEY } from '@/lib/carrito-storage'

const cookie = () => new RegExp(`(?:^|; )${CARRITO_COOKIE}=(\\d+)`).exec(document.cookie)?.[1]

afterEach(() => {
  document.cookie = `${CARRITO_COOKIE}=; Path=/; Max-Age=0`
  localStorage.clear()
})

describe('the cart cookie', () => {
  it('says how many lines the stored cart has, from the start and after every change', () => {
    localStorage.setItem(CARRITO_KEY, JSON.stringify([{ id: 'v1', producto_id: 'p1', nombre: 'Cámara', precioFinal: 10, cantidad: 1 }]))
    const store = makeStore()
    expect(cookie()).toBe('1')
    store.dispatch(itemAdded({ id: 'v2', producto_id: 'p2', nombre: 'Switch', imagen: '', precio: 5, precioFinal: 5, cantidad: 2, descuento: 0 }))
    expect(cookie()).toBe('2')
    store.dispatch(carritoCleared())
    expect(cookie()).toBe('0')
  })
})
