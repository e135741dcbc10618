import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { venta, ventasPage } from '@/features/sales/test-fixtures'
import { screenWidth } from '@/testing/screen-width'
import type { Venta } from '@/features/sales/types'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

// Issue #28: a line whose units the shop orders from the distributor tells staff to order them,
// with the delivery the customer was told; a line the shop had in its hands says nothing of it.

const ENTREGA = 'Disponible con proveedor: entrega en 3 a 5 días hábiles'

/** An order whose camera line (3 units) has 2 of them from the distributor. */
function withProveedorUnits(overrides: Partial<Venta> = {}): Venta {
  const base = venta()
  const camera = { ...base.carrito[0], cantidad: 3, conProveedor: 2, entrega: ENTREGA }
  return venta({ carrito: [camera, base.carrito[1]], ...overrides })
}

function serve(ordenes: Venta[]) {
  mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/ventas/ordenes/version': json({ version: 1 }),
    'GET /v1/ventas/ordenes': json(ventasPage(ordenes)),
    'GET /v1/ventas/lista': json(ventasPage(ordenes)),
  })
}

describe('units from the distributor in the staff order screens', () => {
  it.each([
    ['Cajero', 1280],
    ['Comandero', 390],
  ] as const)("'Lista de ordenes' (%s, %i px) says to order them from the distributor on their line only", async (rol, width) => {
    screenWidth(width)
    serve([withProveedorUnits()])
    storeSession({ rol })
    renderApp('/ventas/ordenes')
    const badges = await screen.findAllByTestId('proveedor-line')
    expect(badges).toHaveLength(1)
    expect(badges[0]).toHaveTextContent(`Pedir al proveedor: 2 pzas${ENTREGA}`)
    expect(within(badges[0]).getByText(/Pedir al proveedor/)).toHaveAttribute('data-tone', 'warning')
    // The badge sits on the camera's line, not on the switch's (which the shop had).
    const line = badges[0].closest('li')!
    expect(line).toHaveTextContent('Cámara IP bala 4 MP')
    expect(line).not.toHaveTextContent('Switch 8 puertos')
  })

  it('once the line is delivered it only records that the units came from the distributor', async () => {
    screenWidth(1280)
    const orden = withProveedorUnits()
    orden.carrito[0] = { ...orden.carrito[0], entregado: true, conProveedor: 1 }
    serve([orden])
    storeSession({ rol: 'Cajero' })
    renderApp('/ventas/ordenes')
    const badge = await screen.findByTestId('proveedor-line')
    expect(badge).toHaveTextContent('Del proveedor: 1 pza')
    expect(badge).not.toHaveTextContent('Pedir al proveedor')
  })

  it.each(['/ventas/envios', '/ventas'])("%s shows it on the order's line too", async (path) => {
    screenWidth(1280)
    serve([withProveedorUnits()])
    storeSession({ rol: 'Auxiliar' })
    renderApp(path)
    const badge = await screen.findByTestId('proveedor-line')
    expect(badge).toHaveTextContent(`Pedir al proveedor: 2 pzas${ENTREGA}`)
  })

  it('an order the shop had every unit of shows no badge', async () => {
    screenWidth(1280)
    serve([venta()])
    storeSession({ rol: 'Cajero' })
    renderApp('/ventas/ordenes')
    await screen.findByRole('table')
    expect(screen.queryByTestId('proveedor-line')).toBeNull()
  })
})

describe("the shopper's purchases", () => {
  it("'Mis compras' shows the longer delivery on the line the shop orders from the distributor", async () => {
    storeSession()
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/usuario/u1': json([
        {
          _id: 's1',
          folio: '20260101-120000-0001',
          fecha: '2026-01-01T12:00:00Z',
          carrito: [
            { nombre: 'Cámara IP', cantidad: 3, precioFinal: 1000, imagen: '', conProveedor: 2, entrega: ENTREGA },
            { nombre: 'Router', cantidad: 1, precioFinal: 100, imagen: '' },
          ],
          total: 3596,
          entrega: 'Pendiente',
          pago: 'Pendiente',
        },
      ]),
    })
    renderApp('/usuarios/compras')
    const notes = await screen.findAllByTestId('compra-entrega')
    expect(notes).toHaveLength(1)
    expect(notes[0]).toHaveTextContent(ENTREGA)
    expect(notes[0].closest('li')).toHaveTextContent('Cámara IP')
  })
})
