import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'
import type { Perfil } from '@/features/invoicing/types'
import { CATALOGOS_FAILED } from '@/features/invoicing/fiscal-check'
import { catalogos, facturaOf, perfilFisica, perfilMoral } from '@/features/invoicing/test-fixtures'

const item = { nombre: 'Cámara IP', cantidad: 1, precioFinal: 1160 }
const pagada = { _id: 'v1', folio: 'A-101', fecha: '2026-05-09T18:00:00Z', carrito: [item], total: 1160, pago: 'Pagado', entrega: 'Entregado' }
const facturada = { ...pagada, _id: 'v2', folio: 'A-102', factura: { id: 'f7', tipo: 'individual', uuid: 'AAAA' } }
const enGlobal = { ...pagada, _id: 'v3', folio: 'A-103', factura: { id: 'g1', tipo: 'global' } }
const pendiente = { ...pagada, _id: 'v4', folio: 'A-104', pago: 'Pendiente', entrega: 'Pendiente' }

type Options = {
  perfiles?: Perfil[]
  configurada?: boolean
  emit?: (req: Request) => Response | Promise<Response>
  extra?: Parameters<typeof mockServer>[0]
}

function server({ perfiles = [perfilMoral, perfilFisica], configurada = true, emit, extra = {} }: Options = {}) {
  let invoiced = false
  let list = [...perfiles]
  const venta = { _id: 'v1', folio: 'A-101', total: 1160 }
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/productos': json({ products: [], meta: { hasMore: false } }),
    'GET /v1/ventas/usuario/u1': () =>
      json([invoiced ? { ...pagada, factura: { id: 'f1', tipo: 'individual', uuid: 'X' } } : pagada, facturada, enGlobal, pendiente]),
    'GET /v1/facturas/catalogos': json({ ...catalogos, configurada }),
    'GET /v1/facturas/perfiles': () => json({ perfiles: list }),
    'POST /v1/facturas/perfiles': async (req) => {
      const created = { ...((await bodyOf(req)) as Perfil), _id: 'p9', predeterminado: true }
      list = [created]
      return json(created, 201)
    },
    'POST /v1/facturas/ventas/v1': async (req) => {
      if (emit) return emit(req)
      const { perfilId } = (await bodyOf(req)) as { perfilId: string }
      invoiced = true
      return json(facturaOf(list.find((p) => p._id === perfilId) ?? perfilFisica, venta, { correo: 'enviado' }), 201)
    },
    'GET /v1/facturas/f7': json({ ...facturaOf(perfilFisica, venta), _id: 'f7', descarga: 'tok-777' }),
    ...extra,
  })
}

describe('Mis compras · Facturar', () => {
  it('invoices a paid sale in two taps with the default profile and offers the files', async () => {
    storeSession()
    const { calls } = server()
    const { user } = renderApp('/usuarios/compras')
    const card = (await screen.findByRole('heading', { name: 'Folio A-101' })).closest('article') as HTMLElement
    await user.click(await within(card).findByRole('button', { name: 'Facturar compra A-101' }))
    const dialog = await screen.findByRole('dialog', { name: 'Facturar compra A-101' })
    expect(await within(dialog).findByRole('radio', { name: /LOAA800101AB1/ })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }))

    const result = await within(dialog).findByRole('status')
    expect(result).toHaveTextContent('6F0E1D2C-3B4A-4596-8877-665544332211')
    expect(result).toHaveTextContent('Te la enviamos a ana@correo.mx')
    expect(within(result).getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', '/v1/facturas/f1/pdf?clave=tok-123')
    expect(within(result).getByRole('link', { name: 'Descargar XML' })).toHaveAttribute('href', '/v1/facturas/f1/xml?clave=tok-123')
    const post = calls.find((c) => c.method === 'POST')
    expect(await post?.json()).toEqual({ perfilId: 'p1' })
    // The history is asked again: the sale now shows as invoiced.
    await user.click(within(dialog).getByRole('button', { name: 'Listo' }))
    await waitFor(() => expect(within(card).getByText('Facturada')).toBeInTheDocument())
  })

  it("says 'Te la enviamos' only when the e-mail was sent, otherwise offers the files", async () => {
    storeSession()
    let correo: 'enviando' | 'no_enviado' = 'no_enviado'
    server({ emit: () => json(facturaOf(perfilFisica, pagada, { correo }), 201) })
    const { user } = renderApp('/usuarios/compras')
    await user.click(await screen.findByRole('button', { name: 'Facturar compra A-101' }))
    let dialog = await screen.findByRole('dialog', { name: 'Facturar compra A-101' })
    await within(dialog).findByRole('radio', { name: /LOAA800101AB1/ })
    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }))
    let result = await within(dialog).findByRole('status')
    expect(result).toHaveTextContent('No te la enviamos por correo: descarga el PDF y el XML aquí y guárdalos.')
    expect(result).not.toHaveTextContent(/enviamos a/)
    expect(within(result).getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', '/v1/facturas/f1/pdf?clave=tok-123')
    expect(within(result).getByRole('link', { name: 'Descargar XML' })).toBeInTheDocument()

    // Still being sent: said as what will happen, not as done.
    correo = 'enviando'
    await user.click(within(dialog).getByRole('button', { name: 'Listo' }))
    await user.click(await screen.findByRole('button', { name: 'Facturar compra A-101' }))
    dialog = await screen.findByRole('dialog', { name: 'Facturar compra A-101' })
    await within(dialog).findByRole('radio', { name: /LOAA800101AB1/ })
    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }))
    result = await within(dialog).findByRole('status')
    expect(result).toHaveTextContent('Te la enviaremos a ana@correo.mx en unos minutos; mientras, descárgala aquí.')
  })

  it('labels each profile by RFC, name, C.P., uso and e-mail, so two of one RFC look different', async () => {
    storeSession()
    const otra: Perfil = { ...perfilFisica, _id: 'p3', codigoPostal: '64000', predeterminado: false }
    server({ perfiles: [perfilFisica, otra] })
    const { user } = renderApp('/usuarios/compras')
    await user.click(await screen.findByRole('button', { name: 'Facturar compra A-101' }))
    const dialog = await screen.findByRole('dialog', { name: 'Facturar compra A-101' })
    const radios = await within(dialog).findAllByRole('radio')
    const labels = radios.map((r) => r.closest('label')?.textContent)
    expect(labels).toEqual([
      'LOAA800101AB1ANA LOPEZ ALVAREZC.P. 03100 · Uso G03ana@correo.mx',
      'LOAA800101AB1ANA LOPEZ ALVAREZC.P. 64000 · Uso G03ana@correo.mx',
    ])
  })

  it('shows Facturada with its files, Incluida en factura global, and nothing for an unpaid sale', async () => {
    storeSession()
    server()
    const { user } = renderApp('/usuarios/compras')
    const cardOf = async (folio: string) => (await screen.findByRole('heading', { name: `Folio ${folio}` })).closest('article') as HTMLElement
    const invoiced = await cardOf('A-102')
    expect(await within(invoiced).findByText('Facturada')).toBeInTheDocument()
    await user.click(within(invoiced).getByRole('button', { name: 'Descargar factura' }))
    expect(await within(invoiced).findByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', '/v1/facturas/f7/pdf?clave=tok-777')
    expect(within(await cardOf('A-103')).getByText('Incluida en factura global')).toBeInTheDocument()
    const unpaid = await cardOf('A-104')
    await screen.findByRole('button', { name: 'Facturar compra A-101' })
    expect(within(unpaid).queryByRole('button', { name: /Facturar/ })).not.toBeInTheDocument()
  })

  it('lets a customer without fiscal data add them inline, then emit', async () => {
    storeSession()
    const { calls } = server({ perfiles: [] })
    const { user } = renderApp('/usuarios/compras')
    await user.click(await screen.findByRole('button', { name: 'Facturar compra A-101' }))
    const dialog = await screen.findByRole('dialog', { name: 'Facturar compra A-101' })
    await user.type(await within(dialog).findByLabelText('RFC'), 'ABC010101AB1')
    await user.type(within(dialog).getByLabelText('Razón social'), 'Abarrotes El Sol')
    await user.selectOptions(within(dialog).getByLabelText('Régimen fiscal'), '601')
    await user.type(within(dialog).getByLabelText('Código postal fiscal'), '06600')
    await user.selectOptions(within(dialog).getByLabelText('Uso del CFDI'), 'G01')
    await user.type(within(dialog).getByLabelText('Correo para facturas'), 'facturas@elsol.mx')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar datos fiscales' }))
    expect(await within(dialog).findByRole('radio', { name: /ABC010101AB1/ })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }))
    expect(await within(dialog).findByText('Te la enviamos a facturas@elsol.mx')).toBeInTheDocument()
    const emitted = calls.find((c) => c.url.endsWith('/v1/facturas/ventas/v1'))
    expect(await emitted?.json()).toEqual({ perfilId: 'p9' })
  })

  it('shows the server’s 409 and the 202 “timbrando” message', async () => {
    storeSession()
    let tries = 0
    server({
      emit: () =>
        ++tries === 1
          ? json({ error: { code: 'conflict', message: 'El plazo para facturar esta compra terminó el 30/11/2026.' } }, 409)
          : json(facturaOf(perfilFisica, pagada, { estado: 'timbrando', uuid: undefined }), 202),
    })
    const { user } = renderApp('/usuarios/compras')
    await user.click(await screen.findByRole('button', { name: 'Facturar compra A-101' }))
    const dialog = await screen.findByRole('dialog', { name: 'Facturar compra A-101' })
    await within(dialog).findByRole('radio', { name: /LOAA800101AB1/ })
    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El plazo para facturar esta compra terminó el 30/11/2026.')
    await user.click(within(dialog).getByRole('button', { name: 'Emitir factura' }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Estamos timbrando tu factura; te la enviaremos por correo.')
  })

  it('replaces Facturar by a note when invoicing is not configured', async () => {
    storeSession()
    server({ configurada: false })
    renderApp('/usuarios/compras')
    const card = (await screen.findByRole('heading', { name: 'Folio A-101' })).closest('article') as HTMLElement
    expect(await within(card).findByText('La facturación en línea no está disponible por ahora.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Facturar compra/ })).not.toBeInTheDocument()
  })
  it("says why 'Descargar factura' failed", async () => {
    storeSession()
    server({ extra: { 'GET /v1/facturas/f7': new Response('boom', { status: 500 }) } })
    const { user } = renderApp('/usuarios/compras')
    const invoiced = (await screen.findByRole('heading', { name: 'Folio A-102' })).closest('article') as HTMLElement
    await user.click(await within(invoiced).findByRole('button', { name: 'Descargar factura' }))
    expect(await within(invoiced).findByRole('alert')).toHaveTextContent(/^No pudimos obtener la factura\.$/)
    expect(within(invoiced).queryByRole('link', { name: 'Descargar PDF' })).not.toBeInTheDocument()
  })

  it('says when the SAT catalogues cannot be loaded instead of hiding Facturar, and tries again', async () => {
    storeSession()
    let tries = 0
    server({ extra: { 'GET /v1/facturas/catalogos': () => (++tries === 1 ? new Response('boom', { status: 500 }) : json(catalogos)) } })
    const { user } = renderApp('/usuarios/compras')
    const card = (await screen.findByRole('heading', { name: 'Folio A-101' })).closest('article') as HTMLElement
    expect(await within(card).findByText(CATALOGOS_FAILED)).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Facturar compra A-101' })).not.toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Reintentar' }))
    expect(await within(card).findByRole('button', { name: 'Facturar compra A-101' })).toBeInTheDocument()
    expect(within(card).queryByText(CATALOGOS_FAILED)).not.toBeInTheDocument()
  })
})
