import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { venta, ventasPage } from '@/features/sales/test-fixtures'
import { screenWidth } from '@/testing/screen-width'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

/** Three sales: invoiced on its own, in a factura global, and not invoiced. */
const VENTAS = [
  venta({ _id: 'v1', folio: 'F-IND', factura: { id: 'f1', tipo: 'individual', uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' } }),
  venta({ _id: 'v2', folio: 'F-GLO', factura: { id: 'f2', tipo: 'global' } }),
  venta({ _id: 'v3', folio: 'F-SIN' }),
]

const ZERO = { ventas: 0, subtotal: 0, iva: 0, total: 0 }

function badges(rows: HTMLElement[]) {
  return rows.map((r) => within(r).queryByTestId('factura-badge')?.textContent ?? null)
}

describe('the factura badge on the sales lists', () => {
  it.each([
    [390, 'cards'],
    [1280, 'table'],
  ])("marks each order of 'Lista de ordenes' (%i px, %s)", async (width) => {
    screenWidth(width)
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/ordenes/version': json({ version: 1 }),
      'GET /v1/ventas/ordenes': json(ventasPage(VENTAS)),
    })
    storeSession({ rol: 'Cajero' })
    renderApp('/ventas/ordenes')
    await screen.findByText(/F-SIN/)
    expect(badges(screen.getAllByTestId('orden'))).toEqual(['Facturada', 'Factura global', null])
  })

  it("marks each sale of 'Reporte de envíos'", async () => {
    screenWidth(1280)
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/ventas/lista': json(ventasPage(VENTAS)) })
    storeSession({ rol: 'Auxiliar' })
    renderApp('/ventas/envios')
    await screen.findByText(/F-SIN/)
    expect(badges(screen.getAllByTestId('envio-venta'))).toEqual(['Facturada', 'Factura global', null])
  })

  it("marks each item of 'Reporte de ventas' with its sale's factura", async () => {
    screenWidth(1280)
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/reporte': json({ totalVentas: 0, totalIngresos: 0, porCobrar: 0, pagadas: ZERO, pendientes: ZERO, productosVendidos: {} }),
      'GET /v1/ventas/lista': json(ventasPage(VENTAS.map((s) => ({ ...s, carrito: [s.carrito[1]] })))),
    })
    storeSession({ rol: 'Auxiliar' })
    renderApp('/ventas')
    await screen.findAllByText(/F-SIN/)
    expect(badges(screen.getAllByTestId('venta-item'))).toEqual(['Facturada', 'Factura global', null])
  })
})
