import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DOWNLOAD_ERRORS } from '@/lib/download'
import { bodyOf, json } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'
import { UUID_A, UUID_B, factura, facturasPage, invoicingServer, queryOf } from '@/features/invoicing/staff/test-fixtures'
import { screenWidth } from '@/testing/screen-width'

const listCalls = (calls: Request[]) => calls.filter((c) => c.method === 'GET' && new URL(c.url).pathname === '/v1/facturas')

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe("'Facturas'", () => {
  it('lists each factura on a phone: fecha, folio, receptor, total, estado and UUID', async () => {
    storeSession({ rol: 'Cajero' })
    invoicingServer({}, {
      facturas: [
        factura(),
        factura({
          _id: 'f2', tipo: 'global', estado: 'cancelacion_pendiente', uuid: UUID_B,
          receptor: { ...factura().receptor, rfc: 'XAXX010101000', razonSocial: 'PUBLICO EN GENERAL' },
          ventas: [{ _id: 'v2', folio: 'A', total: 1 }, { _id: 'v3', folio: 'B', total: 2 }, { _id: 'v4', folio: 'C', total: 3 }],
          total: 6,
        }),
      ],
    })
    renderApp('/facturas')
    expect(await screen.findByRole('heading', { level: 1, name: 'Facturas' })).toBeInTheDocument()
    const rows = await screen.findAllByTestId('factura')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByText('20260305-140700-0001')).toBeInTheDocument()
    expect(within(rows[0]).getByText('EKU9003173C9')).toBeInTheDocument()
    expect(within(rows[0]).getByText('ESCUELA KEMPER URGATE')).toBeInTheDocument()
    expect(within(rows[0]).getByText('$4,545.11')).toBeInTheDocument()
    expect(within(rows[0]).getByText('05-MAR-2026')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Válida')).toHaveAttribute('data-tone', 'success')
    expect(within(rows[0]).getByText(UUID_A)).toBeInTheDocument()
    expect(within(rows[0]).getByRole('button', { name: /^Cancelar/ })).toBeEnabled()
    expect(within(rows[1]).getByText('3 ventas')).toBeInTheDocument()
    expect(within(rows[1]).getByText('PUBLICO EN GENERAL')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Cancelación pendiente')).toHaveAttribute('data-tone', 'warning')
    expect(within(rows[1]).queryByRole('button', { name: /^Cancelar/ })).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows a nota de crédito as such, with the CFDI it relates to, and a refused one with the PAC\'s message', async () => {
    storeSession({ rol: 'Cajero' })
    invoicingServer({}, {
      facturas: [
        factura({ _id: 'n1', tipo: 'egreso', uuid: UUID_B, relacionado: UUID_A, devolucion: { ventaId: 'v1', _id: 'd1' } }),
        factura({ _id: 'n2', tipo: 'egreso', estado: 'error', uuid: undefined, relacionado: UUID_A, mensaje: 'El RFC del receptor no se encuentra en la lista.' }),
      ],
    })
    renderApp('/facturas')
    const rows = await screen.findAllByTestId('factura')
    expect(within(rows[0]).getByText('Nota de crédito')).toBeInTheDocument()
    expect(within(rows[0]).getByText(UUID_A.slice(0, 8))).toBeInTheDocument()
    expect(within(rows[0]).getByRole('button', { name: /^XML/ })).toBeEnabled()
    expect(within(rows[1]).getByText('Error')).toHaveAttribute('data-tone', 'error')
    expect(within(rows[1]).getByText('El RFC del receptor no se encuentra en la lista.')).toBeInTheDocument()
    expect(within(rows[1]).getByRole('button', { name: /^PDF/ })).toBeDisabled()
  })

  it('is a table on a desktop', async () => {
    screenWidth(1280)
    storeSession({ rol: 'Administrador' })
    invoicingServer()
    renderApp('/facturas')
    const table = await screen.findByRole('table', { name: 'Facturas' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Fecha', 'Ventas', 'Receptor', 'Total', 'Estado', 'UUID', 'Acciones'])
    expect(within(table).getAllByTestId('factura')).toHaveLength(1)
  })

  it('searches by RFC, folio or UUID, filters and pages with the right query', async () => {
    screenWidth(1280)
    storeSession({ rol: 'Administrador' })
    const { calls } = invoicingServer({
      'GET /v1/facturas': (r) => {
        const page = Number(queryOf(r).page)
        return json(facturasPage([factura({ _id: `f${page}`, uuid: `UUID-PAGINA-${page}` })], { page, total: 30, hasMore: page === 1 }))
      },
    })
    const { user } = renderApp('/facturas')
    await screen.findByText('UUID-PAGINA-1')
    expect(queryOf(listCalls(calls)[0])).toEqual({ page: '1', limit: '25' })

    await user.type(screen.getByLabelText('Buscar facturas'), 'EKU9003173C9')
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)!).q).toBe('EKU9003173C9'))
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Global')
    await user.selectOptions(screen.getByLabelText('Estado'), 'Cancelación pendiente')
    await user.type(screen.getByLabelText('Desde'), '2026-03-01')
    await user.type(screen.getByLabelText('Hasta'), '2026-03-31')
    await waitFor(() =>
      expect(queryOf(listCalls(calls).at(-1)!)).toEqual({
        q: 'EKU9003173C9', tipo: 'global', estado: 'cancelacion_pendiente', desde: '2026-03-01', hasta: '2026-03-31', page: '1', limit: '25',
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Página siguiente' }))
    expect(await screen.findByText('UUID-PAGINA-2')).toBeInTheDocument()
    expect(queryOf(listCalls(calls).at(-1)!)).toMatchObject({ page: '2', tipo: 'global', q: 'EKU9003173C9' })

    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }))
    await waitFor(() => expect(queryOf(listCalls(calls).at(-1)!)).toEqual({ page: '1', limit: '25' }))
  })

  it('cancels with motivo 02 with only the motivo and says it is cancelled', async () => {
    storeSession({ rol: 'Cajero' })
    const { calls } = invoicingServer({ 'POST /v1/facturas/f1/cancelar': json(factura({ estado: 'cancelada' })) })
    const { user } = renderApp('/facturas')
    const [row] = await screen.findAllByTestId('factura')
    await user.click(within(row).getByRole('button', { name: /^Cancelar/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar factura' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }))
    expect(await within(dialog).findByText('Elige el motivo de la cancelación.')).toBeInTheDocument()
    await waitFor(() => expect(within(within(dialog).getByLabelText('Motivo')).getAllByRole('option')).toHaveLength(4)) // the placeholder, 01, 02 and 03: 04 is for a factura global
    await user.selectOptions(within(dialog).getByLabelText('Motivo'), '02')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar factura' }))
    expect(await screen.findByText('Factura cancelada.')).toBeInTheDocument()
    const post = calls.find((c) => c.method === 'POST')!
    expect(new URL(post.url).pathname).toBe('/v1/facturas/f1/cancelar')
    expect(await bodyOf(post)).toEqual({ motivo: '02' })
  })

  it("resends to the receptor's e-mail or another one", async () => {
    storeSession({ rol: 'Cajero' })
    const { calls } = invoicingServer({ 'POST /v1/facturas/f1/enviar': new Response(null, { status: 204 }) })
    const { user } = renderApp('/facturas')
    const [row] = await screen.findAllByTestId('factura')
    await user.click(within(row).getByRole('button', { name: /^Reenviar/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Reenviar factura' })
    const email = within(dialog).getByLabelText('Correo')
    expect(email).toHaveValue('facturas@kemper.mx')
    await user.clear(email)
    await user.type(email, 'conta@kemper.mx')
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }))
    expect(await screen.findByText('Factura reenviada a conta@kemper.mx.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    const post = calls.find((c) => c.method === 'POST')!
    expect(new URL(post.url).pathname).toBe('/v1/facturas/f1/enviar')
    expect(await bodyOf(post)).toEqual({ email: 'conta@kemper.mx' })
  })

  it('downloads the PDF with the staff session', async () => {
    storeSession({ rol: 'Cajero' })
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const { calls } = invoicingServer({
      'GET /v1/facturas/f1/pdf': new Response('%PDF-1.4', { headers: { 'Content-Disposition': 'attachment; filename="F101.pdf"' } }),
    })
    const { user } = renderApp('/facturas')
    const [row] = await screen.findAllByTestId('factura')
    await user.click(within(row).getByRole('button', { name: /^PDF/ }))
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled())
    const get = calls.find((c) => new URL(c.url).pathname === '/v1/facturas/f1/pdf')!
    expect(get.headers.get('Authorization')).toBe('Bearer test-token')
  })

  it('says why a download failed and saves nothing', async () => {
    storeSession({ rol: 'Cajero' })
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x')
    invoicingServer({
      'GET /v1/facturas/f1/pdf': json({ error: { code: 'not_found', message: 'El PDF de esta factura no está disponible.' } }, 404),
      'GET /v1/facturas/f1/xml': new Response('boom', { status: 502 }),
    })
    const { user } = renderApp('/facturas')
    const [row] = await screen.findAllByTestId('factura')
    await user.click(within(row).getByRole('button', { name: /^PDF/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/^El PDF de esta factura no está disponible\.$/)
    await user.click(within(row).getByRole('button', { name: /^XML/ }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(DOWNLOAD_ERRORS.failed))
    expect(createObjectURL).not.toHaveBeenCalled()
  })

  it("keeps 'Reenviar' open with the server's refusal", async () => {
    storeSession({ rol: 'Cajero' })
    invoicingServer({
      'POST /v1/facturas/f1/enviar': json({ error: { code: 'bad_gateway', message: 'El proveedor de facturación no respondió.' } }, 502),
    })
    const { user } = renderApp('/facturas')
    const [row] = await screen.findAllByTestId('factura')
    await user.click(within(row).getByRole('button', { name: /^Reenviar/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Reenviar factura' })
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Error al reenviar la factura: El proveedor de facturación no respondió\.$/,
    )
    expect(screen.queryByText(/^Factura reenviada/)).toBeNull()
  })

  it('says when the list cannot be loaded', async () => {
    storeSession({ rol: 'Administrador' })
    invoicingServer({ 'GET /v1/facturas': json({ error: { code: 'internal', message: 'Algo salió mal.' } }, 500) })
    renderApp('/facturas')
    const region = await screen.findByRole('region', { name: 'Lista de facturas' })
    expect(await within(region).findByRole('alert')).toHaveTextContent(/^Error al obtener las facturas: Algo salió mal\.$/)
    expect(screen.queryAllByTestId('factura')).toHaveLength(0)
  })

  it('says when facturación is not configured and turns the actions off', async () => {
    storeSession({ rol: 'Administrador' })
    invoicingServer({}, { configurada: false })
    renderApp('/facturas')
    expect(await screen.findByText('La facturación no está configurada. Pide al administrador que la active.')).toBeInTheDocument()
    const [row] = await screen.findAllByTestId('factura')
    for (const name of [/^PDF/, /^XML/, /^Reenviar/, /^Cancelar/]) expect(within(row).getByRole('button', { name })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Factura global' })).toBeDisabled()
  })

  it('lists the products without clave SAT, linked to Productos for an admin', async () => {
    storeSession({ rol: 'Administrador' })
    invoicingServer({
      'GET /v1/facturas/sin-clave-sat': json({
        productos: [{ _id: 'p1', nombre: 'Cámara domo', modelo: 'DS-2CD' }, { _id: 'p2', nombre: 'Switch 8', modelo: '' }],
        meta: { page: 1, limit: 25, total: 2, hasMore: false },
      }),
    })
    const { user } = renderApp('/facturas')
    await user.click(await screen.findByText('2 productos sin clave SAT'))
    const link = screen.getByRole('link', { name: 'Cámara domo (DS-2CD)' })
    expect(link).toHaveAttribute('href', '/productos?titulo=C%C3%A1mara%20domo')
  })

  it('shows a Cajero the products without links (Productos is not theirs)', async () => {
    storeSession({ rol: 'Cajero' })
    invoicingServer({
      'GET /v1/facturas/sin-clave-sat': json({ productos: [{ _id: 'p1', nombre: 'Cámara domo', modelo: 'DS-2CD' }], meta: { page: 1, limit: 25, total: 1, hasMore: false } }),
    })
    renderApp('/facturas')
    expect(await screen.findByText('1 producto sin clave SAT')).toBeInTheDocument()
    expect(screen.getByText('Cámara domo (DS-2CD)')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Cámara domo (DS-2CD)' })).toBeNull()
  })

  it('pages the products without clave SAT on the server', async () => {
    storeSession({ rol: 'Cajero' })
    const { calls } = invoicingServer({
      'GET /v1/facturas/sin-clave-sat': (request) => {
        const page = Number(new URL(request.url).searchParams.get('page'))
        const productos = Array.from({ length: page === 1 ? 25 : 5 }, (_, i) => ({ _id: `p${page}-${i}`, nombre: `Producto ${page}-${i}`, modelo: '' }))
        return json({ productos, meta: { page, limit: 25, total: 30, hasMore: page === 1 } })
      },
    })
    const { user } = renderApp('/facturas')
    await user.click(await screen.findByText('30 productos sin clave SAT'))
    expect(screen.getByText('Producto 1-24')).toBeInTheDocument()
    await user.click(within(screen.getByTestId('sin-clave-sat')).getByRole('button', { name: 'Página siguiente' }))
    expect(await screen.findByText('Producto 2-4')).toBeInTheDocument()
    const asked = calls.filter((c) => c.url.includes('sin-clave-sat')).map((c) => new URL(c.url).search)
    expect(asked).toEqual(['?page=1&limit=25', '?page=2&limit=25'])
  })

  it('is not shown to an Auxiliar', async () => {
    storeSession({ rol: 'Auxiliar' })
    const { calls } = invoicingServer()
    renderApp('/facturas')
    expect(await screen.findByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeInTheDocument()
    expect(listCalls(calls)).toHaveLength(0)
  })

  it("warns staff of a stamped total that is not the shop's and of a SHOP_CP the PAC account does not have", async () => {
    storeSession({ rol: 'Cajero' })
    const aviso = 'El código postal de expedición de la tienda (SHOP_CP 03100) no coincide con el de la cuenta del servicio de facturación (64000).'
    invoicingServer({
      'GET /v1/facturas': json({
        ...facturasPage([factura({ total: 100, totalPac: 100.01 }), factura({ _id: 'f2' })]),
        cuenta: { lugarExpedicion: '03100', codigoPostalPac: '64000', aviso },
      }),
    })
    renderApp('/facturas')
    expect(await screen.findByTestId('aviso-cuenta')).toHaveTextContent(aviso)
    const rows = await screen.findAllByTestId('factura')
    expect(within(rows[0]).getByTestId('total-pac')).toHaveTextContent('El PAC timbró $100.01, no $100.00. Revisa esta factura.')
    expect(within(rows[1]).queryByTestId('total-pac')).toBeNull()
  })

  it('says what a nota de crédito refunded when its total, computed as the SAT does, differs by rounding', async () => {
    storeSession({ rol: 'Cajero' })
    const nota = (id: string, total: number, reembolso: number) =>
      factura({ _id: id, tipo: 'egreso', total, relacionado: UUID_B, ventas: [{ _id: 'v1', folio: '20260305-140700-0001', total: reembolso }] })
    invoicingServer({ 'GET /v1/facturas': json(facturasPage([nota('n1', 10.44, 10.43), nota('n2', 5.22, 5.22), factura({ _id: 'f3' })])) })
    renderApp('/facturas')
    const rows = await screen.findAllByTestId('factura')
    expect(within(rows[0]).getByTestId('nota-redondeo')).toHaveTextContent(
      'Se reembolsaron $10.43: el IVA de la nota se calcula por concepto, como lo pide el SAT.',
    )
    expect(within(rows[1]).queryByTestId('nota-redondeo')).toBeNull()
    expect(within(rows[2]).queryByTestId('nota-redondeo')).toBeNull()
  })
})
