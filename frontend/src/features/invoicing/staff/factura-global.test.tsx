import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { shopToday } from '@/lib/dates'
import { bodyOf, json } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'
import { UUID_B, factura, invoicingServer, queryOf, vistaPrevia } from '@/features/invoicing/staff/test-fixtures'

const VENTAS = [
  { _id: 'v1', folio: '20260305-100000-0001', fecha: '2026-03-05T16:00:00.000Z', total: 580, metodoPago: 'Efectivo' },
  { _id: 'v2', folio: '20260305-120000-0002', fecha: '2026-03-05T18:00:00.000Z', total: 580, metodoPago: 'Tarjeta' },
]

const previewCalls = (calls: Request[]) => calls.filter((c) => new URL(c.url).pathname === '/v1/facturas/global/vista-previa')

async function openGlobal(path = '/facturas') {
  const view = renderApp(path)
  await view.user.click(await screen.findByRole('button', { name: 'Factura global' }))
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Factura global' }) }
}

describe("'Factura global'", () => {
  it('previews the paid sales of today (Mexico City) and emits them', async () => {
    storeSession({ rol: 'Cajero' })
    const { calls } = invoicingServer({
      'GET /v1/facturas/global/vista-previa': json(vistaPrevia(VENTAS)),
      'POST /v1/facturas/global': json(factura({ _id: 'g1', tipo: 'global', uuid: UUID_B }), 201),
    })
    const { user, dialog } = await openGlobal()
    expect(within(dialog).getByRole('radio', { name: 'Día' })).toBeChecked()
    expect(within(dialog).getByLabelText('Fecha')).toHaveValue(shopToday())
    const emitir = within(dialog).getByRole('button', { name: 'Emitir factura global' })
    expect(emitir).toBeDisabled()

    await user.click(within(dialog).getByRole('button', { name: 'Vista previa' }))
    const table = await within(dialog).findByRole('table', { name: 'Ventas de la factura global' })
    expect(queryOf(previewCalls(calls)[0])).toEqual({ periodicidad: 'dia', fecha: shopToday() })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByText('20260305-100000-0001')).toBeInTheDocument()
    expect(within(rows[0]).getByText('05-MAR-2026 10:00')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Tarjeta')).toBeInTheDocument()
    expect(within(rows[1]).getByText('$580.00')).toBeInTheDocument()
    expect(within(dialog).getByText(/^2 ventas sin facturar/)).toBeInTheDocument()
    expect(within(dialog).getByText('$1,000.00')).toBeInTheDocument()
    expect(within(dialog).getByText('$160.00')).toBeInTheDocument()
    expect(within(dialog).getByText('$1,160.00')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura global' }))
    expect(await screen.findByText('Factura global emitida.')).toBeInTheDocument()
    expect(screen.getByText(UUID_B)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Descargar XML' })).toBeInTheDocument()
    const post = calls.find((c) => c.method === 'POST')!
    expect(new URL(post.url).pathname).toBe('/v1/facturas/global')
    expect(await bodyOf(post)).toEqual({ periodicidad: 'dia', fecha: shopToday(), ventas: ['v1', 'v2'] })
  })

  it("shows the server's words for the 409 when the period is already invoiced", async () => {
    storeSession({ rol: 'Administrador' })
    // Not the dialog's own fallback, so the test fails if the server's message is dropped.
    invoicingServer({
      'GET /v1/facturas/global/vista-previa': json(vistaPrevia(VENTAS)),
      'POST /v1/facturas/global': json({ error: { code: 'conflict', message: 'Otra persona acaba de emitir la factura global de este día.' } }, 409),
    })
    const { user, dialog } = await openGlobal()
    await user.click(within(dialog).getByRole('button', { name: 'Vista previa' }))
    await within(dialog).findByRole('table', { name: 'Ventas de la factura global' })
    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura global' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Otra persona acaba de emitir la factura global de este día\.$/)
  })

  it('says when a month has nothing to invoice and keeps the button off', async () => {
    storeSession({ rol: 'Administrador' })
    const { calls } = invoicingServer({ 'GET /v1/facturas/global/vista-previa': json(vistaPrevia([])) })
    const { user, dialog } = await openGlobal()
    await user.click(within(dialog).getByRole('radio', { name: 'Mes' }))
    expect(within(dialog).getByLabelText('Mes y año')).toHaveValue(shopToday().slice(0, 7))
    await user.click(within(dialog).getByRole('button', { name: 'Vista previa' }))
    expect(await within(dialog).findByText('No hay ventas pagadas sin facturar en este periodo.')).toBeInTheDocument()
    expect(queryOf(previewCalls(calls)[0])).toEqual({ periodicidad: 'mes', fecha: shopToday().slice(0, 7) })
    expect(within(dialog).getByRole('button', { name: 'Emitir factura global' })).toBeDisabled()
  })

  it("is on the cash cut screen too ('Cortes de caja')", async () => {
    storeSession({ rol: 'Cajero' })
    const { calls } = invoicingServer({ 'GET /v1/facturas/global/vista-previa': json(vistaPrevia(VENTAS)) })
    const { user, dialog } = await openGlobal('/corte')
    expect(screen.getByRole('heading', { level: 1, name: 'Cortes de caja' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Vista previa' }))
    expect(await within(dialog).findByRole('table', { name: 'Ventas de la factura global' })).toBeInTheDocument()
    await waitFor(() => expect(previewCalls(calls)).toHaveLength(1))
  })

  it('is off on the cash cut while facturación is not configured', async () => {
    storeSession({ rol: 'Cajero' })
    invoicingServer({}, { configurada: false })
    renderApp('/corte')
    const button = await screen.findByRole('button', { name: 'Factura global' })
    await waitFor(() => expect(button).toBeDisabled())
  })
})
