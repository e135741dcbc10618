import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { cable, camara, p1, p2, storeCarrito } from '@/features/checkout/test-fixtures'
import type { Venta } from '@/features/checkout/types'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const venta: Venta = {
  _id: 's1',
  folio: '20261123-032855-4587',
  fecha: '2026-11-23T09:28:55.943Z',
  cliente: 'Claudia Cliente',
  carrito: [],
  subtotal: 0,
  iva: 0,
  total: 0,
  pago: 'Pendiente',
  entrega: 'Pendiente',
}

function server() {
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/productos/p1': json(p1),
    'GET /v1/productos/p2': json(p2),
    'GET /v1/usuarios/clientes': (r) =>
      json({
        clientes: new URL(r.url).searchParams.get('q')?.startsWith('clau')
          ? [{ _id: 'c77', name: 'Claudia Cliente', email: 'cliente@tienda.mx' }]
          : [],
      }),
    'POST /v1/ventas': json(venta, 201),
    'GET /v1/ventas/ordenes/pendientes/u1': json([]),
  })
}

describe("'Cliente (cuenta)' in a counter order placed by staff", () => {
  it('finds the customer’s account and places the order for it', async () => {
    const { calls } = server()
    storeSession({ name: 'Carmen Cajera', rol: 'Cajero' })
    storeCarrito([camara, cable])
    const { user, router } = renderApp('/carrito')
    await user.click(await screen.findByRole('button', { name: 'Pagar en caja' }))
    const dialog = screen.getByRole('dialog', { name: 'Quien Ordena ?' })
    const search = within(dialog).getByLabelText(/Cliente \(cuenta\)/)
    await user.type(search, 'nadie')
    expect(await within(dialog).findByText('Ningún cliente coincide con la búsqueda.')).toBeInTheDocument()
    await user.clear(search)
    await user.type(search, 'clau')
    await user.click(await within(dialog).findByRole('button', { name: /Claudia Cliente/ }))
    // Picked: the name follows the account, and 'Quitar' undoes it.
    expect(within(dialog).getByText('cliente@tienda.mx')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Claudia Cliente')
    const lookup = calls.find((c) => new URL(c.url).pathname === '/v1/usuarios/clientes' && new URL(c.url).searchParams.get('q') === 'clau')
    expect(lookup?.headers.get('Authorization')).toBe('Bearer test-token')
    await user.click(within(dialog).getByRole('button', { name: 'Pagar en caja' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/carrito/gracias'))
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/v1/ventas'))
    expect(await post?.json()).toMatchObject({ cliente: 'Claudia Cliente', clienteId: 'c77' })
  })

  it('is optional: without an account the order is the staff member’s', async () => {
    const { calls } = server()
    storeSession({ name: 'Carmen Cajera', rol: 'Comandero' })
    storeCarrito([camara, cable])
    const { user, router } = renderApp('/carrito')
    await user.click(await screen.findByRole('button', { name: 'Pagar en caja' }))
    const dialog = screen.getByRole('dialog', { name: 'Quien Ordena ?' })
    await user.type(within(dialog).getByLabelText(/Cliente \(cuenta\)/), 'clau')
    await user.click(await within(dialog).findByRole('button', { name: /Claudia Cliente/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }))
    await user.clear(within(dialog).getByLabelText('Nombre'))
    await user.type(within(dialog).getByLabelText('Nombre'), 'Pedro')
    await user.click(within(dialog).getByRole('button', { name: 'Pagar en caja' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/carrito/gracias'))
    const body = await calls.find((c) => c.method === 'POST' && c.url.endsWith('/v1/ventas'))?.json()
    expect(body.cliente).toBe('Pedro')
    expect(body).not.toHaveProperty('clienteId')
  })

  it('is not offered to a customer', async () => {
    const { calls } = server()
    storeSession({ name: 'Claudia Cliente', rol: 'Cliente' })
    storeCarrito([camara, cable])
    const { user } = renderApp('/carrito')
    await user.click(await screen.findByRole('button', { name: 'Pagar en caja' }))
    const dialog = screen.getByRole('dialog', { name: 'Quien Ordena ?' })
    expect(within(dialog).queryByLabelText(/Cliente \(cuenta\)/)).toBeNull()
    expect(calls.some((c) => c.url.includes('/usuarios/clientes'))).toBe(false)
  })
})
