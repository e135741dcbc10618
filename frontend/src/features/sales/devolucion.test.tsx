import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryOf, venta, ventasPage } from '@/features/sales/test-fixtures'
import { screenWidth } from '@/testing/screen-width'
import type { Devolucion, Venta } from '@/features/sales/types'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

// Issue #23: the cash desk finds any sale in 'Lista de ordenes' and records a return of it
// ('Devolución'); the sale then shows what was returned. The server is mocked.

const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`
const isShown = (r: Request) => path(r) === 'GET /v1/ventas/ordenes' && queryOf(r).limit !== '50'

/** A paid, delivered sale: 2 × Cámara at $1,709.10 and 1 × Switch at $500.00, paid by card. */
const delivered = (overrides: Partial<Venta> = {}) => venta({ _id: 'v7', folio: 'F-ENTREGADA', pago: 'Pagado', entrega: 'Entregado', metodoPago: 'Tarjeta', ...overrides })

type Routes = Parameters<typeof mockServer>[0]

/** 'Lista de ordenes' answering `list` for a search and the open orders otherwise. */
function server(list: (q: Record<string, string>) => Venta[], extra: Routes = {}) {
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/ventas/ordenes/version': json({ version: 1 }),
    'GET /v1/ventas/ordenes': (r) => json(ventasPage(queryOf(r).limit === '50' ? [] : list(queryOf(r)))),
    ...extra,
  })
}

const devolucion = (overrides: Partial<Devolucion> = {}): Devolucion => ({
  _id: 'd1',
  lineas: [{ idOrden: 'var1', indice: 0, cantidad: 1, subtotal: 1709.1, iva: 273.46, monto: 1982.56 }],
  subtotal: 1709.1,
  iva: 273.46,
  monto: 1982.56,
  metodo: 'Efectivo',
  motivo: 'No le funcionó',
  fecha: '2026-03-06T18:30:00Z',
  por: 'u2',
  nombre: 'Carmen Cajera',
  ...overrides,
})

async function openDevolucion(rol = 'Cajero', found: Venta = delivered(), extra: Routes = {}) {
  screenWidth(1280)
  const mock = server((q) => (q.q ? [found] : []), extra)
  storeSession({ rol })
  const app = renderApp('/ventas/ordenes')
  await app.user.type(await screen.findByLabelText('Buscar órdenes'), found.folio)
  const row = await screen.findByTestId('orden')
  return { ...mock, ...app, row }
}

describe('Lista de ordenes: any sale, and its return', () => {
  it('finds a paid, delivered sale by its folio and says its state, with the ticket at hand', async () => {
    const { calls, row } = await openDevolucion('Comandero')
    expect(queryOf(calls.filter(isShown).at(-1)!)).toEqual({ q: 'F-ENTREGADA', orden: '-fecha', page: '1', limit: '25' })
    expect(screen.getByText('La búsqueda incluye todas las ventas: pagadas, entregadas, canceladas y devueltas.')).toBeInTheDocument()
    const chips = (text: string) => within(row).getAllByText(text).filter((el) => el.hasAttribute('data-tone'))
    expect(chips('Entregado')).toHaveLength(1)
    expect(chips('Pagado')).toHaveLength(1)
    expect(within(row).getByRole('link', { name: /Imprimir ticket de la orden F-ENTREGADA/ })).toHaveAttribute('href', '/ventas/ticket/v7')
  })

  it.each(['Comandero', 'Auxiliar'])('gives a %s no return and no payment controls', async (rol) => {
    const { row, user } = await openDevolucion(rol)
    expect(within(row).queryByRole('button', { name: /Devolución/ })).toBeNull()
    await user.click(within(row).getByRole('button', { name: 'Gestionar orden F-ENTREGADA' }))
    const dialog = screen.getByRole('dialog', { name: 'Actualizar Orden' })
    expect(within(dialog).queryByLabelText('Pago')).toBeNull()
    expect(within(dialog).queryByLabelText('Método de pago')).toBeNull()
  })

  it('no longer offers Devuelto in Entrega', async () => {
    const { row, user } = await openDevolucion('Administrador')
    await user.click(within(row).getByRole('button', { name: 'Gestionar orden F-ENTREGADA' }))
    const entrega = within(screen.getByRole('dialog', { name: 'Actualizar Orden' })).getByLabelText('Entrega')
    expect(within(entrega).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pendiente', 'Enviado', 'Entregado', 'Cancelado'])
  })

  it('shows Devuelto in Entrega for a sale returned whole', async () => {
    const returned = delivered({ entrega: 'Devuelto', carrito: delivered().carrito.map((i) => ({ ...i, devueltos: i.cantidad })) })
    const { row, user } = await openDevolucion('Cajero', returned)
    await user.click(within(row).getByRole('button', { name: 'Gestionar orden F-ENTREGADA' }))
    const entrega = within(screen.getByRole('dialog', { name: 'Actualizar Orden' })).getByLabelText('Entrega')
    expect(entrega).toHaveValue('Devuelto')
    expect(within(entrega).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pendiente', 'Enviado', 'Entregado', 'Cancelado', 'Devuelto'])
  })

  it('offers Devolución only for a paid sale with units left', async () => {
    screenWidth(1280)
    const returned = delivered({
      _id: 'v8',
      folio: 'F-DEVUELTA',
      entrega: 'Devuelto',
      carrito: delivered().carrito.map((i) => ({ ...i, devueltos: i.cantidad })),
    })
    const unpaid = venta({ _id: 'v9', folio: 'F-PENDIENTE' })
    const partly = delivered({ _id: 'v10', folio: 'F-PARCIAL', carrito: delivered().carrito.map((i, n) => ({ ...i, devueltos: n === 0 ? 1 : 0 })) })
    server(() => [returned, unpaid, partly])
    storeSession({ rol: 'Cajero' })
    const { user } = renderApp('/ventas/ordenes')
    await user.type(await screen.findByLabelText('Buscar órdenes'), 'F-')
    await waitFor(() => expect(screen.getAllByTestId('orden')).toHaveLength(3))
    const row = (folio: string) => screen.getAllByTestId('orden').find((r) => r.dataset.folio === folio)!
    expect(within(row('F-DEVUELTA')).queryByRole('button', { name: /Devolución/ })).toBeNull()
    expect(within(row('F-DEVUELTA')).getByText('Devuelto')).toBeInTheDocument()
    expect(within(row('F-PENDIENTE')).queryByRole('button', { name: /Devolución/ })).toBeNull()
    expect(within(row('F-PARCIAL')).getByRole('button', { name: 'Devolución de la orden F-PARCIAL' })).toBeInTheDocument()
    expect(within(row('F-PARCIAL')).getByText('Devolución parcial')).toBeInTheDocument()
    expect(within(row('F-PARCIAL')).getByText('Devueltas: 1 de 2')).toBeInTheDocument()
  })

  it.each(['Cajero', 'Administrador'])('lets a %s return some units with their refund and IVA', async (rol) => {
    let answered = delivered()
    const after = delivered({
      carrito: delivered().carrito.map((i, n) => ({ ...i, devueltos: n === 0 ? 1 : 0 })),
      devoluciones: [devolucion()],
    })
    const { calls, row, user } = await openDevolucion(rol, delivered(), {
      'POST /v1/ventas/v7/devoluciones': () => {
        answered = after
        return json(after, 201)
      },
    })
    const listsBefore = calls.filter(isShown).length
    await user.click(within(row).getByRole('button', { name: 'Devolución de la orden F-ENTREGADA' }))
    const dialog = screen.getByRole('dialog', { name: 'Devolución' })
    // No unit by default, the sale's method, and nothing to refund yet.
    const camara = within(dialog).getByLabelText('Piezas por devolver de Cámara IP bala 4 MP con luz híbrida y micrófono')
    expect(camara).toHaveValue(null)
    expect(within(dialog).getByLabelText('Método de reembolso')).toHaveValue('Tarjeta')
    expect(within(dialog).getByTestId('reembolso')).toHaveTextContent('Reembolso (Tarjeta)$0.00')

    await user.type(camara, '1')
    await user.type(within(dialog).getByLabelText('Piezas por devolver de Switch 8 puertos'), '1')
    // 1,709.10 + IVA 273.46 and 500.00 + IVA 80.00, IVA line by line.
    expect(within(dialog).getByTestId('reembolso')).toHaveTextContent('Reembolso (Tarjeta)$2,562.56Subtotal $2,209.10IVA $353.46')
    await user.clear(within(dialog).getByLabelText('Piezas por devolver de Switch 8 puertos'))
    await user.selectOptions(within(dialog).getByLabelText('Método de reembolso'), 'Efectivo')
    expect(within(dialog).getByTestId('reembolso')).toHaveTextContent('Reembolso (Efectivo)$1,982.56Subtotal $1,709.10IVA $273.46')
    await user.type(within(dialog).getByLabelText('Motivo'), '  No le funcionó ')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar devolución' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const post = calls.find((c) => path(c) === 'POST /v1/ventas/v7/devoluciones')!
    expect(await bodyOf(post)).toEqual({ lineas: [{ idOrden: 'var1', indice: 0, cantidad: 1 }], metodo: 'Efectivo', motivo: 'No le funcionó' })
    expect(await screen.findByRole('status')).toHaveTextContent('Devolución registrada en la orden F-ENTREGADA: reembolso de $1,982.56.')
    // The lists are read again: the row says what was returned.
    await waitFor(() => expect(calls.filter(isShown).length).toBeGreaterThan(listsBefore))
    expect(answered).toBe(after)
  })

  it('refunds the rest of a line partly returned as the server does', async () => {
    const partly = delivered({ carrito: delivered().carrito.map((i, n) => ({ ...i, devueltos: n === 0 ? 1 : 0 })) })
    const { row, user } = await openDevolucion('Cajero', partly)
    await user.click(within(row).getByRole('button', { name: 'Devolución de la orden F-ENTREGADA' }))
    const dialog = screen.getByRole('dialog', { name: 'Devolución' })
    const camara = within(dialog).getByLabelText('Piezas por devolver de Cámara IP bala 4 MP con luz híbrida y micrófono')
    expect(camara).toHaveAccessibleDescription(/devueltas: 1/)
    await user.type(camara, '1')
    // The line of 2 (3,965.11) less the line of 1 (1,982.56): a centavo less than the first unit.
    expect(within(dialog).getByTestId('reembolso')).toHaveTextContent('$1,982.55')
  })

  it('checks the form before sending it', async () => {
    const { calls, row, user } = await openDevolucion()
    await user.click(within(row).getByRole('button', { name: 'Devolución de la orden F-ENTREGADA' }))
    const dialog = screen.getByRole('dialog', { name: 'Devolución' })
    await user.click(within(dialog).getByRole('button', { name: 'Registrar devolución' }))
    expect(within(dialog).getByText('Elige al menos una pieza por devolver.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Motivo')).toHaveAccessibleDescription('Escribe el motivo de la devolución.')
    const switchUnits = within(dialog).getByLabelText('Piezas por devolver de Switch 8 puertos')
    await user.type(switchUnits, '2')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar devolución' }))
    expect(switchUnits).toHaveAccessibleDescription(/Solo quedan 1 por devolver\./)
    expect(calls.some((c) => path(c) === 'POST /v1/ventas/v7/devoluciones')).toBe(false)
  })

  it('shows the server’s field messages on their fields', async () => {
    const { row, user } = await openDevolucion('Cajero', delivered(), {
      'POST /v1/ventas/v7/devoluciones': json(
        {
          error: {
            code: 'invalid',
            message: 'Revisa los datos marcados.',
            fields: { 'lineas.0.cantidad': 'Solo quedan 0 por devolver.', metodo: 'Debe ser Efectivo, Tarjeta, Transferencia o Mercado Pago.', motivo: 'Debe tener como máximo 200 caracteres.' },
          },
        },
        400,
      ),
    })
    await user.click(within(row).getByRole('button', { name: 'Devolución de la orden F-ENTREGADA' }))
    const dialog = screen.getByRole('dialog', { name: 'Devolución' })
    // Only the Switch (cart line 1) is sent: the server's line 0 is that one.
    const switchUnits = within(dialog).getByLabelText('Piezas por devolver de Switch 8 puertos')
    await user.type(switchUnits, '1')
    await user.type(within(dialog).getByLabelText('Motivo'), 'Cambio de modelo')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar devolución' }))
    await waitFor(() => expect(switchUnits).toHaveAccessibleDescription(/Solo quedan 0 por devolver\./))
    expect(within(dialog).getByLabelText('Piezas por devolver de Cámara IP bala 4 MP con luz híbrida y micrófono')).not.toHaveAccessibleDescription(/Solo quedan/)
    expect(within(dialog).getByLabelText('Método de reembolso')).toHaveAccessibleDescription('Debe ser Efectivo, Tarjeta, Transferencia o Mercado Pago.')
    expect(within(dialog).getByLabelText('Motivo')).toHaveAccessibleDescription('Debe tener como máximo 200 caracteres.')
    expect(screen.getByRole('dialog', { name: 'Devolución' })).toBeInTheDocument()
  })

  it.each([
    [409, 'conflict', 'Solo se puede devolver una venta pagada.'],
    [404, 'not_found', 'No se encontró la venta.'],
  ])('keeps the dialog open with the server’s %s message', async (status, code, message) => {
    const { row, user } = await openDevolucion('Cajero', delivered(), {
      'POST /v1/ventas/v7/devoluciones': json({ error: { code, message } }, status),
    })
    await user.click(within(row).getByRole('button', { name: 'Devolución de la orden F-ENTREGADA' }))
    const dialog = screen.getByRole('dialog', { name: 'Devolución' })
    await user.type(within(dialog).getByLabelText('Piezas por devolver de Switch 8 puertos'), '1')
    await user.type(within(dialog).getByLabelText('Motivo'), 'Cambio de modelo')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar devolución' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Error al registrar la devolución: ${message}`)
  })

  it('shows the sale’s returns and its Historial in Spanish, old true/false entries too', async () => {
    const found = delivered({
      carrito: delivered().carrito.map((i, n) => ({ ...i, devueltos: n === 0 ? 1 : 0 })),
      devoluciones: [{ ...devolucion(), notaCredito: { facturaId: 'f9', uuid: 'AAAA-BBBB', estado: 'valida' } }],
      historial: [
        { campo: 'entregado Switch 8 puertos', de: 'false', a: 'true', por: 'u3', nombre: 'Carlos Comandero', fecha: '2026-03-05T21:00:00Z' },
        { campo: 'entregado Switch 8 puertos', de: 'Sí', a: 'No', por: 'u3', nombre: 'Carlos Comandero', fecha: '2026-03-05T21:01:00Z' },
        { campo: 'metodoPago', de: 'Efectivo', a: 'Tarjeta', por: 'u2', nombre: 'Carmen Cajera', fecha: '2026-03-05T21:02:00Z' },
        { campo: 'observaciones', de: '', a: 'Recogió en mostrador', por: 'u2', nombre: 'Carmen Cajera', fecha: '2026-03-05T21:03:00Z' },
      ],
    })
    const { row, user } = await openDevolucion('Cajero', found)
    await user.click(within(row).getByRole('button', { name: 'Gestionar orden F-ENTREGADA' }))
    const devoluciones = screen.getByRole('region', { name: 'Devoluciones de la orden' })
    const entry = within(devoluciones).getByTestId('devolucion')
    expect(entry).toHaveTextContent('2026-03-06 12:30 · Carmen Cajera')
    expect(entry).toHaveTextContent('$1,982.56 en Efectivo')
    expect(entry).toHaveTextContent('1 pieza de Cámara IP bala 4 MP con luz híbrida y micrófono · $1,982.56')
    expect(entry).toHaveTextContent('Motivo: No le funcionó')
    expect(within(entry).getByTestId('nota-credito')).toHaveTextContent('Nota de crédito AAAA-BBBB')
    const history = within(screen.getByRole('region', { name: 'Historial de la orden' })).getAllByRole('listitem').map((li) => li.textContent)
    expect(history).toEqual([
      '2026-03-05 15:03 · Carmen Cajera · Observaciones: — → Recogió en mostrador',
      '2026-03-05 15:02 · Carmen Cajera · Método de pago: Efectivo → Tarjeta',
      '2026-03-05 15:01 · Carlos Comandero · Entregado (Switch 8 puertos): Sí → No',
      '2026-03-05 15:00 · Carlos Comandero · Entregado (Switch 8 puertos): No → Sí',
    ])
  })
})
