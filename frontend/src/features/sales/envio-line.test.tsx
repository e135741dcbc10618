import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { venta, ventasPage } from '@/features/sales/test-fixtures'
import { screenWidth } from '@/testing/screen-width'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

// A shipment charged to the customer is a line of the order like the others, without the
// delivered toggle: its status is the shipment's.
describe('the shipping line of an order', () => {
  it('is listed with its amount and no delivered toggle', async () => {
    screenWidth(1280)
    const envioLine = {
      _id: 'envio',
      producto_id: '',
      nombre: 'Envío DHL',
      precio: 150.5,
      descuento: 0,
      precioFinal: 150.5,
      cantidad: 1,
      entregado: false,
      envio: true,
    }
    const charged = venta({ carrito: [...venta().carrito, envioLine], total: 4719.69 })
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/ordenes/version': json({ version: 1 }),
      'GET /v1/ventas/ordenes': json(ventasPage([charged])),
    })
    storeSession({ rol: 'Comandero' })
    renderApp('/ventas/ordenes')
    const row = await screen.findByTestId('orden')
    expect(within(row).getByText('Envío DHL')).toBeInTheDocument()
    expect(within(row).getByText('$150.50')).toBeInTheDocument()
    expect(within(row).getByText('$4,719.69')).toBeInTheDocument()
    expect(within(row).getAllByRole('switch')).toHaveLength(2)
    expect(within(row).queryByRole('switch', { name: 'Entregado: Envío DHL' })).toBeNull()
  })
})
