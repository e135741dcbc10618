import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'
import { CATALOGOS_FAILED, NOT_FOUND } from '@/features/invoicing/fiscal-check'
import { catalogos, facturaOf, perfilMoral } from '@/features/invoicing/test-fixtures'

const venta = { _id: 'v1', folio: 'T-2001', fecha: '2026-05-09T18:00:00Z', total: 1234.5, metodoPago: 'Efectivo', facturable: true, plazo: '2026-05-31' }

function server(configurada = true) {
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/facturas/catalogos': json({ ...catalogos, configurada }),
    'POST /v1/facturas/publica/buscar': async (req) => {
      const { folio, total } = (await bodyOf(req)) as { folio: string; total: number }
      if (folio === 'T-2001' && total === 1234.5) return json(venta)
      if (folio === 'T-1999') return json({ ...venta, folio, facturable: false, motivo: 'El plazo para facturar esta compra terminó el 30/04/2026.' })
      return json({ error: { code: 'not_found' } }, 404)
    },
    'POST /v1/facturas/publica': async (req) => {
      const body = (await bodyOf(req)) as { codigoPostal: string }
      if (body.codigoPostal === '99999') {
        return json({ error: { code: 'invalid', message: 'Revisa los datos marcados.', fields: { codigoPostal: 'El código postal no coincide con el del RFC.' } } }, 400)
      }
      return json(facturaOf(perfilMoral, venta, { correo: 'enviado' }), 201)
    },
  })
}

describe('/facturar · Facturar mi compra', () => {
  it('says so when folio and total do not match a sale, and shows why a found sale cannot be invoiced', async () => {
    server()
    const { user } = renderApp('/facturar')
    expect(await screen.findByRole('heading', { name: 'Facturar mi compra' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Buscar compra' }))
    expect(screen.getByLabelText('Folio')).toHaveFocus()
    expect(screen.getByLabelText('Folio')).toHaveAccessibleDescription('Escribe el folio del ticket.')

    await user.type(screen.getByLabelText('Folio'), 'T-2001')
    await user.type(screen.getByLabelText('Total del ticket'), '999')
    await user.click(screen.getByRole('button', { name: 'Buscar compra' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_FOUND)

    await user.clear(screen.getByLabelText('Folio'))
    await user.type(screen.getByLabelText('Folio'), 'T-1999')
    await user.click(screen.getByRole('button', { name: 'Buscar compra' }))
    expect(await screen.findByText('El plazo para facturar esta compra terminó el 30/04/2026.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Emitir factura' })).not.toBeInTheDocument()
  })

  it('says when the SAT catalogues cannot be loaded, hides the form and tries again', async () => {
    let tries = 0
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/facturas/catalogos': () => (++tries === 1 ? new Response('boom', { status: 500 }) : json(catalogos)),
    })
    const { user } = renderApp('/facturar')
    expect(await screen.findByRole('alert')).toHaveTextContent(CATALOGOS_FAILED)
    expect(screen.queryByLabelText('Folio')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByLabelText('Folio')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('finds the sale with the ticket’s folio and total and invoices it', async () => {
    const { calls } = server()
    const { user } = renderApp('/facturar')
    await user.type(await screen.findByLabelText('Folio'), ' T-2001 ')
    await user.type(screen.getByLabelText('Total del ticket'), '$1,234.50')
    await user.click(screen.getByRole('button', { name: 'Buscar compra' }))
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument()
    expect(screen.getByText('T-2001')).toBeInTheDocument()

    const form = screen.getByRole('form', { name: 'Datos fiscales' })
    await user.type(within(form).getByLabelText('RFC'), 'abc010101ab1')
    await user.type(within(form).getByLabelText('Razón social'), 'Abarrotes El Sol')
    await user.selectOptions(within(form).getByLabelText('Régimen fiscal'), '601')
    await user.type(within(form).getByLabelText('Código postal fiscal'), '99999')
    await user.selectOptions(within(form).getByLabelText('Uso del CFDI'), 'G01')
    await user.type(within(form).getByLabelText('Correo para facturas'), 'facturas@elsol.mx')
    await user.click(within(form).getByRole('button', { name: 'Emitir factura' }))
    expect(await within(form).findByText('El código postal no coincide con el del RFC.')).toBeInTheDocument()
    await waitFor(() => expect(within(form).getByLabelText('Código postal fiscal')).toHaveFocus())

    await user.clear(within(form).getByLabelText('Código postal fiscal'))
    await user.type(within(form).getByLabelText('Código postal fiscal'), '06600')
    await user.click(within(form).getByRole('button', { name: 'Emitir factura' }))
    const result = await screen.findByRole('status')
    expect(result).toHaveTextContent('6F0E1D2C-3B4A-4596-8877-665544332211')
    expect(result).toHaveTextContent('Te la enviamos a facturas@elsol.mx')
    expect(within(result).getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute('href', '/v1/facturas/f1/pdf?clave=tok-123')
    const emitted = calls.filter((c) => c.url.endsWith('/v1/facturas/publica'))
    expect(await emitted[1].json()).toEqual({
      folio: 'T-2001',
      total: 1234.5,
      rfc: 'ABC010101AB1',
      razonSocial: 'ABARROTES EL SOL',
      regimenFiscal: '601',
      codigoPostal: '06600',
      usoCfdi: 'G01',
      email: 'facturas@elsol.mx',
    })
  })

  it('is reachable from the footer and says when invoicing is not available', async () => {
    server(false)
    renderApp('/facturar')
    expect(await screen.findByText('La facturación en línea no está disponible por ahora.')).toBeInTheDocument()
    expect(screen.queryByLabelText('Folio')).not.toBeInTheDocument()
    const link = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Facturar mi compra' })
    expect(link).toHaveAttribute('href', '/facturar')
  })
})
