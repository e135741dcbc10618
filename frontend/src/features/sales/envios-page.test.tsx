import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { shiftDay, shopToday } from '@/lib/dates'
import { queryOf, venta, ventasPage } from '@/features/sales/test-fixtures'
import { screenWidth } from '@/testing/screen-width'
import type { Venta } from '@/features/sales/types'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`

const shipped = venta({
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
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/ventas/lista': json(ventasPage([shipped, venta()])) })
    storeSession({ rol: 'Auxiliar' })
    renderApp('/ventas/envios')
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Transacción',
      'Fecha',
      'Estado',
      'Total',
      'Comprador',
      'Quien Ordena',
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
    // Comprador is the account; 'Quien Ordena' the name given with the order.
    expect(within(rows[1]).getByText('Claudia Cliente')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Juan')).toBeInTheDocument()
    const list = calls.find((c) => path(c) === 'GET /v1/ventas/lista')!
    expect(queryOf(list)).toEqual({ desde: shiftDay(shopToday(), 30), hasta: shopToday(), orden: '-fecha', page: '1', limit: '25' })
  })

  it('records a shipment with PATCH ventas/{id} {envio} and shows it', async () => {
    screenWidth(1280)
    let list: Venta[] = [venta()]
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/lista': () => json(ventasPage(list)),
      'PATCH /v1/ventas/v1': async (r) => {
        const { envio } = (await bodyOf(r)) as { envio: Venta['envio'] }
        const saved = venta({ envio: { ...envio!, fecha: '2026-03-07T17:00:00Z' } })
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
    await user.type(within(dialog).getByLabelText('Costo de envío (sin IVA)'), '250.75')
    await user.type(within(dialog).getByLabelText('Observaciones'), 'Frágil')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const patch = calls.find((c) => path(c) === 'PATCH /v1/ventas/v1')!
    expect(await bodyOf(patch)).toEqual({
      envio: { status: 'Enviado', empresa: 'DHL', guia: '1234567890', costoEnvio: 250.75, cobrarEnvio: false, observaciones: 'Frágil' },
    })
    const envio = await screen.findByTestId('envio')
    expect(envio).toHaveTextContent('DHL')
    expect(envio).toHaveTextContent('Guía: 1234567890')
    expect(envio).toHaveTextContent('Costo: $250.75 + IVA')
    expect(envio).toHaveTextContent('No cobrado al cliente')
    expect(screen.getByRole('status')).toHaveTextContent('Envío de la orden 20260305-140700-0001 actualizado.')
  })

  it('charges the shipment to the customer and shows the sale’s total with it (IVA per line)', async () => {
    screenWidth(1280)
    let list: Venta[] = [venta()]
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/lista': () => json(ventasPage(list)),
      'PATCH /v1/ventas/v1': async (r) => {
        const { envio } = (await bodyOf(r)) as { envio: Venta['envio'] }
        const saved = venta({ envio: { ...envio!, fecha: '2026-03-07T17:00:00Z' }, total: 4719.69 })
        list = [saved]
        return json(saved)
      },
    })
    storeSession({ rol: 'Auxiliar' })
    const { user } = renderApp('/ventas/envios')
    await user.click(await screen.findByRole('button', { name: 'Gestionar envío 20260305-140700-0001' }))
    const dialog = screen.getByRole('dialog', { name: 'Actualizar Envio' })
    await user.type(within(dialog).getByLabelText('Empresa de paquetería'), 'DHL')
    await user.type(within(dialog).getByLabelText('Costo de envío (sin IVA)'), '150.50')
    const total = within(dialog).getByTestId('envio-total')
    // Not charged: the shop's own expense, the total as it is.
    expect(total).toHaveTextContent('No cobrado al cliente: es un gasto de la tienda. Total de la venta: $4,545.11')
    const cobrar = within(dialog).getByRole('checkbox', { name: 'Cobrar el envío al cliente' })
    expect(cobrar).not.toBeChecked()
    await user.click(cobrar)
    // 150.50 + 16 % on the line alone (24.08) = 174.58, added to 4,545.11.
    expect(total).toHaveTextContent('Envío $150.50 + IVA $24.08 = $174.58. Total de la venta: $4,719.69')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const patch = calls.find((c) => path(c) === 'PATCH /v1/ventas/v1')!
    expect(await bodyOf(patch)).toEqual({
      envio: { status: 'Enviado', empresa: 'DHL', guia: '', costoEnvio: 150.5, cobrarEnvio: true, observaciones: '' },
    })
    expect(await screen.findByTestId('envio')).toHaveTextContent('Cobrado al cliente')
  })

  it('replaces a charged shipment’s line in the total, and fixes the charge of a paid sale', async () => {
    const envioLine = { _id: 'envio', producto_id: '', nombre: 'Envío DHL', precio: 150.5, descuento: 0, precioFinal: 150.5, cantidad: 1, entregado: false, envio: true }
    const charged = venta({
      carrito: [...venta().carrito, envioLine],
      total: 4719.69,
      envio: { status: 'Enviado', empresa: 'DHL', guia: '', observaciones: '', costoEnvio: 150.5, cobrarEnvio: true },
    })
    const paid = venta({ ...charged, _id: 'v2', folio: 'F-PAGADA', pago: 'Pagado' })
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/ventas/lista': json(ventasPage([charged, paid])) })
    screenWidth(1280)
    storeSession({ rol: 'Administrador' })
    const { user } = renderApp('/ventas/envios')
    await user.click(await screen.findByRole('button', { name: 'Gestionar envío 20260305-140700-0001' }))
    let dialog = screen.getByRole('dialog', { name: 'Actualizar Envio' })
    const total = within(dialog).getByTestId('envio-total')
    expect(total).toHaveTextContent('Total de la venta: $4,719.69')
    await user.clear(within(dialog).getByLabelText('Costo de envío (sin IVA)'))
    await user.type(within(dialog).getByLabelText('Costo de envío (sin IVA)'), '200')
    expect(total).toHaveTextContent('Envío $200.00 + IVA $32.00 = $232.00. Total de la venta: $4,777.11')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cobrar el envío al cliente' }))
    expect(total).toHaveTextContent('Total de la venta: $4,545.11')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))

    await user.click(await screen.findByRole('button', { name: 'Gestionar envío F-PAGADA' }))
    dialog = screen.getByRole('dialog', { name: 'Actualizar Envio' })
    expect(within(dialog).getByRole('checkbox', { name: 'Cobrar el envío al cliente' })).toBeDisabled()
    expect(dialog).toHaveTextContent('La venta ya está pagada')
  })

  it('refuses a cost that is not an amount, and shows the server’s refusal', async () => {
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/lista': json(ventasPage([venta()])),
      'PATCH /v1/ventas/v1': json({ error: { code: 'forbidden', message: 'No tienes permiso para registrar envíos.' } }, 403),
    })
    storeSession({ rol: 'Administrador' })
    const { user } = renderApp('/ventas/envios')
    await user.click(await screen.findByRole('button', { name: 'Gestionar envío 20260305-140700-0001' }))
    const dialog = screen.getByRole('dialog', { name: 'Actualizar Envio' })
    await user.type(within(dialog).getByLabelText('Costo de envío (sin IVA)'), 'cien')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El costo de envío debe ser un importe en pesos')
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false)

    await user.clear(within(dialog).getByLabelText('Costo de envío (sin IVA)'))
    await user.type(within(dialog).getByLabelText('Costo de envío (sin IVA)'), '99')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error al actualizar una venta: No tienes permiso para registrar envíos.',
    )
  })

  it('shows cards on a tablet and the empty text', async () => {
    screenWidth(900)
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/ventas/lista': json(ventasPage([shipped])) })
    storeSession({ rol: 'Auxiliar' })
    renderApp('/ventas/envios')
    const card = await screen.findByTestId('envio-venta')
    expect(card.tagName).toBe('LI')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says when there are no sales in the period', async () => {
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/ventas/lista': json(ventasPage([])) })
    storeSession({ rol: 'Auxiliar' })
    renderApp('/ventas/envios')
    expect(await screen.findByText('No hay ventas')).toBeInTheDocument()
  })

  it('searches, filters by shipment and delivery, and turns pages inside the range', async () => {
    screenWidth(1280)
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/ventas/lista': (r) => {
        const q = queryOf(r)
        const page = Number(q.page)
        return json(ventasPage([venta({ _id: `v${page}`, folio: `F-${page}` })], { page, limit: 25, total: 30, hasMore: page === 1 }))
      },
    })
    storeSession({ rol: 'Auxiliar' })
    const { user, router } = renderApp('/ventas/envios')
    await screen.findByText('Folio F-1')
    expect(screen.getByTestId('pager-range')).toHaveTextContent('Mostrando 1–1 de 30')
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }))
    expect(await screen.findByText('Folio F-2')).toBeInTheDocument()
    expect(queryOf(calls.at(-1)!)).toMatchObject({ page: '2', desde: shiftDay(shopToday(), 30) })

    await user.selectOptions(screen.getByLabelText('Envío'), 'sin')
    await user.selectOptions(screen.getByLabelText('Entrega'), 'Devuelto')
    await user.type(screen.getByLabelText('Buscar envíos'), 'juan@correo.mx')
    await waitFor(() =>
      expect(queryOf(calls.at(-1)!)).toEqual({
        q: 'juan@correo.mx',
        envio: 'sin',
        entrega: 'Devuelto',
        desde: shiftDay(shopToday(), 30),
        hasta: shopToday(),
        orden: '-fecha',
        page: '1',
        limit: '25',
      }),
    )
    expect(new URLSearchParams(router.state.location.search).get('envio')).toBe('sin')
  })
})
