import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { shiftDay, shopToday } from '@/lib/dates'
import { sale, screenWidth } from '@/features/sales/test-fixtures'
import type { Sale } from '@/features/sales/types'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`

const shipped = sale({
  _id: 'v2',
  folio: 'F-ENV',
  entrega: 'Enviado',
  envio: {
    status: 'En tránsito',
    empresa: 'Estafeta',
    guia: 'EST123456',
    observaciones: 'Entregar en recepción',
    fecha: '2026-03-06T18:00:00Z',
    costoEnvio: 189.5,
  },
})

describe('Reporte de envíos', () => {
  it('lists the last 30 days with every column, newest first', async () => {
    screenWidth(1280)
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/ventas/': json([sale(), shipped]) })
    storeSession({ rol: 'Auxiliar' })
    renderApp('/ventas/envios')
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Transacción',
      'Fecha',
      'Estado',
      'Total',
      'Comprador',
      'Envio',
      'Gestionar',
    ])
    const rows = within(table).getAllByTestId('envio-venta')
    expect(rows.map((r) => r.dataset.folio)).toEqual(['F-ENV', '20260305-140700-0001'])
    const envio = within(rows[0]).getByTestId('envio')
    expect(envio).toHaveTextContent('En tránsito')
    expect(envio).toHaveTextContent('06-MAR-2026')
    expect(envio).toHaveTextContent('Estafeta')
    expect(envio).toHaveTextContent('Guía: EST123456')
    expect(envio).toHaveTextContent('Costo: $189.50')
    expect(envio).toHaveTextContent('Entregar en recepción')
    expect(within(rows[1]).getByText('Sin envío registrado')).toBeInTheDocument()
    expect(within(rows[1]).getByText('1 pieza · 2 × $1,709.10')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Grande · 8 puertos · 1 × $500.00')).toBeInTheDocument()
    const list = calls.find((c) => path(c) === 'GET /v1/ventas/')!
    expect(new URL(list.url).searchParams.get('startDate')).toBe(shiftDay(shopToday(), 30))
  })

  it('records a shipment with PATCH ventas/{id} {envio} and shows it', async () => {
    screenWidth(1280)
    let list: Sale[] = [sale()]
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/': () => json(list),
      'PATCH /v1/ventas/v1': async (r) => {
        const { envio } = (await bodyOf(r)) as { envio: Sale['envio'] }
        const saved = sale({ envio: { ...envio!, fecha: '2026-03-07T17:00:00Z' } })
        list = [saved]
        return json(saved)
      },
    })
    storeSession({ rol: 'Auxiliar' })
    const { user } = renderApp('/ventas/envios')
    await user.click(await screen.findByRole('button', { name: 'Gestionar envío 20260305-140700-0001' }))
    const dialog = screen.getByRole('dialog', { name: 'Actualizar Envio' })
    expect(within(dialog).getByLabelText('Observaciones')).toHaveAttribute('rows', '6')
    await user.selectOptions(within(dialog).getByLabelText('Estado del envío'), 'Enviado')
    await user.type(within(dialog).getByLabelText('Empresa de paquetería'), 'DHL')
    await user.type(within(dialog).getByLabelText('Guía de rastreo'), '1234567890')
    await user.type(within(dialog).getByLabelText('Costo de envío'), '250.75')
    await user.type(within(dialog).getByLabelText('Observaciones'), 'Frágil')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const patch = calls.find((c) => path(c) === 'PATCH /v1/ventas/v1')!
    expect(await bodyOf(patch)).toEqual({
      envio: { status: 'Enviado', empresa: 'DHL', guia: '1234567890', costoEnvio: 250.75, observaciones: 'Frágil' },
    })
    const envio = await screen.findByTestId('envio')
    expect(envio).toHaveTextContent('DHL')
    expect(envio).toHaveTextContent('Guía: 1234567890')
    expect(envio).toHaveTextContent('Costo: $250.75')
    expect(screen.getByRole('status')).toHaveTextContent('Envío de la orden 20260305-140700-0001 actualizado.')
  })

  it('refuses a cost that is not an amount, and shows the server’s refusal', async () => {
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/': json([sale()]),
      'PATCH /v1/ventas/v1': json({ error: { code: 'forbidden', message: 'No tienes permiso para registrar envíos.' } }, 403),
    })
    storeSession({ rol: 'Administrador' })
    const { user } = renderApp('/ventas/envios')
    await user.click(await screen.findByRole('button', { name: 'Gestionar envío 20260305-140700-0001' }))
    const dialog = screen.getByRole('dialog', { name: 'Actualizar Envio' })
    await user.type(within(dialog).getByLabelText('Costo de envío'), 'cien')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El costo de envío debe ser un importe en pesos')
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false)

    await user.clear(within(dialog).getByLabelText('Costo de envío'))
    await user.type(within(dialog).getByLabelText('Costo de envío'), '99')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error al actualizar una venta: No tienes permiso para registrar envíos.',
    )
  })

  it('shows cards on a tablet and the empty text', async () => {
    screenWidth(900)
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/ventas/': json([shipped]) })
    storeSession({ rol: 'Auxiliar' })
    renderApp('/ventas/envios')
    const card = await screen.findByTestId('envio-venta')
    expect(card.tagName).toBe('LI')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says when there are no sales in the period', async () => {
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/ventas/': json([]) })
    storeSession({ rol: 'Auxiliar' })
    renderApp('/ventas/envios')
    expect(await screen.findByText('No hay ventas')).toBeInTheDocument()
  })
})
