import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { cable, camara, p1, p2, storeCarrito } from '@/features/checkout/test-fixtures'
import type { Venta } from '@/features/checkout/types'
import { ordenesNewestFirst } from '@/features/checkout/ultima-venta'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

// Issue 26: the thank-you page shows the order just placed first, and its 'Imprimir ticket'
// prints that order; opened with no order just placed, it says so.

const line = { _id: 'v1', producto_id: 'p1', nombre: 'Cámara', precio: 100, descuento: 0, precioFinal: 100, cantidad: 1, entregado: false }

function venta(id: string, folio: string, fecha: string): Venta {
  return { _id: id, folio, fecha, cliente: 'Juan', carrito: [line], subtotal: 100, iva: 16, total: 116, pago: 'Pendiente', entrega: 'Pendiente' }
}

const older = venta('s1', '20261120-100000-0001', '2026-11-20T16:00:00Z')
const oldest = venta('s0', '20261101-100000-0000', '2026-11-01T16:00:00Z')
const placed = venta('s9', '20261127-120000-0009', '2026-11-27T18:00:00Z')

describe('ordersNewestFirst', () => {
  it('puts the order just placed first, then the others newest first', () => {
    expect(ordenesNewestFirst([oldest, placed, older], placed).map((o) => o._id)).toEqual(['s9', 's1', 's0'])
    expect(ordenesNewestFirst([oldest, older], null).map((o) => o._id)).toEqual(['s1', 's0'])
  })

  it("shows the order just placed even when the list does not hold it yet (staff ordering for a customer)", () => {
    expect(ordenesNewestFirst([oldest], placed).map((o) => o._id)).toEqual(['s9', 's0'])
  })
})

describe('thank-you page', () => {
  it("after 'Pagar en caja', lists the new order first and its 'Imprimir ticket' prints it", async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos/p1': json(p1),
      'GET /v1/productos/p2': json(p2),
      'POST /v1/ventas': json(placed, 201),
      // The server lists the customer's pending orders oldest first: the new one last.
      'GET /v1/ventas/ordenes/pendientes/u1': json([oldest, older, placed]),
    })
    storeSession({ name: 'Juan' })
    storeCarrito([camara, cable])
    const { user, router } = renderApp('/carrito')
    await user.click(await screen.findByRole('button', { name: 'Pagar en caja' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Quien Ordena ?' })).getByRole('button', { name: 'Pagar en caja' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/carrito/gracias'))

    expect(await screen.findByRole('heading', { name: '¡Gracias por tu compra!' })).toBeInTheDocument()
    expect(screen.getByTestId('folio-reciente')).toHaveTextContent(placed.folio)
    expect(await screen.findByTestId('pendientes')).toHaveTextContent('Tienes 3 órdenes pendientes')
    const ordenes = screen.getAllByTestId('orden')
    expect(ordenes.map((o) => within(o).getByTestId('folio').textContent)).toEqual([placed.folio, older.folio, oldest.folio])
    const firstTicket = within(ordenes[0]).getByRole('link', { name: /^Imprimir ticket/ })
    expect(firstTicket).toHaveAttribute('href', `/ventas/ticket/${placed._id}`)
  })

  it('opened directly, says there is no recent purchase and offers the shop and Mis compras', async () => {
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/ventas/ordenes/pendientes/u1': json([older]) })
    storeSession()
    // A sale placed on another day is still this browser's last one: it is no reason to thank.
    localStorage.setItem('ultimaVenta', JSON.stringify(older))
    renderApp('/carrito/gracias')
    expect(await screen.findByRole('heading', { name: 'No hay una compra reciente' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: '¡Gracias por tu compra!' })).toBeNull()
    expect(screen.queryByTestId('folio-reciente')).toBeNull()
    expect(screen.getByRole('link', { name: 'Ir a la tienda' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Mis compras' })).toHaveAttribute('href', '/usuarios/compras')
    // The orders still waiting at the counter are listed below.
    expect(await screen.findByTestId('pendientes')).toHaveTextContent('Tienes 1 orden pendiente')
  })

  it('opened directly and signed out, says so and offers to sign in', async () => {
    mockServer({ 'GET /v1/config': json(sampleConfig) })
    renderApp('/carrito/gracias')
    expect(await screen.findByRole('heading', { name: 'No hay una compra reciente' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login')
  })
})
