import { describe, expect, it } from 'vitest'
import { makeStore } from '@/lib/store'
import { itemAdded } from '@/lib/carrito-slice'
import {
  selectFirstName,
  selectIsAdmin,
  selectIsSignedIn,
  selectRol,
  signIn,
  signOut,
} from '@/lib/session-slice'
import type { LoginResponse } from '@/lib/session'
import { storeSession } from '@/testing/render'

const answer = (admin: boolean, rol: string): LoginResponse => ({
  data: {
    token: 'jwt-123',
    email: 'ana@tienda.mx',
    dataUser: { id: '42', name: 'Ana María López', email: 'ana@tienda.mx', admin, rol },
  },
})

describe('session', () => {
  it('is signed out when the browser holds no token', () => {
    const store = makeStore()
    expect(selectIsSignedIn(store.getState())).toBe(false)
    expect(selectFirstName(store.getState())).toBe('')
    expect(selectRol(store.getState())).toBeNull()
  })

  it('stores every session key on login', () => {
    const store = makeStore()
    store.dispatch(signIn(answer(true, 'Administrador'), new Date('2026-03-04T05:06:07.000Z')))

    expect(localStorage.getItem('token')).toBe('jwt-123')
    expect(localStorage.getItem('name')).toBe('Ana María López')
    expect(localStorage.getItem('email')).toBe('ana@tienda.mx')
    expect(localStorage.getItem('admin')).toBe('true')
    expect(localStorage.getItem('id')).toBe('42')
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({
      id: '42',
      name: 'Ana María López',
      email: 'ana@tienda.mx',
      admin: true,
      rol: 'Administrador',
    })
    expect(localStorage.getItem('lastLogin')).toBe('2026-03-04T05:06:07.000Z')

    const state = store.getState()
    expect(selectIsSignedIn(state)).toBe(true)
    expect(selectIsAdmin(state)).toBe(true)
    expect(selectFirstName(state)).toBe('Ana')
    expect(selectRol(state)).toBe('Administrador')
  })

  it("writes admin as 'false' for a customer", () => {
    const store = makeStore()
    store.dispatch(signIn(answer(false, 'Cliente')))
    expect(localStorage.getItem('admin')).toBe('false')
    expect(selectIsAdmin(store.getState())).toBe(false)
  })

  it('restores the session a previous visit left in the browser', () => {
    storeSession({ name: 'Carlos Pérez', rol: 'Cajero' })
    const store = makeStore()
    expect(selectIsSignedIn(store.getState())).toBe(true)
    expect(selectFirstName(store.getState())).toBe('Carlos')
    expect(selectRol(store.getState())).toBe('Cajero')
  })

  it('reads an older session without the user key from the separate keys', () => {
    localStorage.setItem('token', 't')
    localStorage.setItem('name', 'Luz Ramos')
    localStorage.setItem('admin', 'true')
    const store = makeStore()
    expect(selectFirstName(store.getState())).toBe('Luz')
    expect(selectRol(store.getState())).toBe('Administrador')
  })

  it('logout clears all browser storage and the cart', () => {
    storeSession()
    localStorage.setItem('ultimaVenta', '{"payment_id":"1"}')
    const store = makeStore()
    store.dispatch(
      itemAdded({ id: 'v1', producto_id: 'p1', nombre: 'Cámara', imagen: '', precio: 10, precioFinal: 10, cantidad: 1, descuento: 0 }),
    )
    expect(localStorage.getItem('cart')).not.toBeNull()

    store.dispatch(signOut())

    expect(localStorage.length).toBe(0)
    expect(selectIsSignedIn(store.getState())).toBe(false)
    expect(store.getState().cart.items).toEqual([])
  })
})
