import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'
import { checkAjuste, unitsAfter, varianteLabel } from '@/features/catalog-admin/inventario-labels'

const producto = {
  _id: 'p1',
  nombre: 'Cámara domo',
  version: 3,
  variantes: [
    { _id: 'v1', talla: 'Grande', tamano: '32', stock: 5, minimo: 2, precioVenta: 150 },
    { _id: 'v2', talla: 'Chico', tamano: '100 g', stock: 1, minimo: 4, precioVenta: 80 },
  ],
}

const merma = {
  _id: 'm2',
  productoId: 'p1',
  varianteId: 'v1',
  producto: 'Cámara domo',
  talla: 'Grande',
  tamano: '32',
  tipo: 'merma',
  cantidad: -2,
  antes: 5,
  despues: 3,
  motivo: 'Caja dañada',
  usuarioId: 'u1',
  nombreUsuario: 'Alma Auxiliar',
  fecha: '2026-11-24T18:05:00Z',
}
const venta = { ...merma, _id: 'm1', tipo: 'venta', cantidad: -1, antes: 6, despues: 5, motivo: 'Pedido en caja', nombreUsuario: 'Carmen Cajera', folio: '20261124-120000-0001', fecha: '2026-11-24T17:00:00Z' }

function server(extra: Record<string, Response | ((r: Request) => Response | Promise<Response>)> = {}) {
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/admin/productos/p1': json(producto),
    'GET /v1/inventario/movimientos': json({ movimientos: [merma, venta], meta: { page: 1, limit: 25, total: 2, hasMore: false } }),
    'GET /v1/inventario/bajo': json({
      variantes: [{ productoId: 'p1', varianteId: 'v2', producto: 'Cámara domo', talla: 'Chico', tamano: '100 g', stock: 1, minimo: 4 }],
      meta: { page: 1, limit: 25, total: 1, hasMore: false },
    }),
    ...extra,
  })
}

describe('the adjustment checks', () => {
  it('say in Spanish what is wrong before anything is sent', () => {
    const ok = { tipo: 'entrada' as const, cantidad: '3', motivo: 'Compra', stock: 5 }
    expect(checkAjuste(ok)).toEqual({})
    expect(checkAjuste({ ...ok, cantidad: '' }).cantidad).toBe('Escribe la cantidad de piezas.')
    expect(checkAjuste({ ...ok, cantidad: '2.5' }).cantidad).toBe('Escribe un número entero de piezas, por ejemplo 12.')
    expect(checkAjuste({ ...ok, cantidad: '-1' }).cantidad).toBe('Escribe un número entero de piezas, por ejemplo 12.')
    expect(checkAjuste({ ...ok, cantidad: '0' }).cantidad).toBe('Debe ser un número entero mayor o igual a 1.')
    expect(checkAjuste({ ...ok, tipo: 'conteo', cantidad: '0' })).toEqual({})
    expect(checkAjuste({ ...ok, tipo: 'merma', cantidad: '6' }).cantidad).toBe(
      'Solo hay 5 piezas; la merma no puede dejar las existencias en negativo.',
    )
    expect(checkAjuste({ ...ok, motivo: '  ' }).motivo).toBe('Escribe el motivo del ajuste.')
    expect([unitsAfter('entrada', 5, 3), unitsAfter('merma', 5, 3), unitsAfter('conteo', 5, 3), unitsAfter('devolucion', 5, null)]).toEqual([8, 2, 3, null])
  })

  it("name a variant by its size and dimension, without the size 'Unico'", () => {
    expect(varianteLabel({ talla: 'Grande', tamano: '32' })).toBe('Grande · 32')
    expect(varianteLabel({ talla: 'Chico' })).toBe('Chico')
    expect(varianteLabel({ talla: 'Unico', tamano: '1 pieza' })).toBe('1 pieza')
    expect(varianteLabel({ talla: 'Unico', tamano: 100 })).toBe('100')
    expect(varianteLabel({ talla: 'Unico' })).toBe('')
    expect(varianteLabel({ talla: 'Unico', tamano: '' })).toBe('')
    expect(varianteLabel({})).toBe('')
  })
})

describe('inventory screens', () => {
  beforeEach(() => storeSession({ rol: 'Auxiliar', name: 'Alma Auxiliar' }))
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it("a product's history says who, when, before, after and why", async () => {
    server()
    renderApp('/productos/p1/inventario')
    expect(await screen.findByRole('heading', { name: 'Inventario de Cámara domo' })).toBeInTheDocument()
    const rows = await screen.findAllByTestId('movimiento')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('2026-11-24 12:05') // Mexico City
    expect(rows[0]).toHaveTextContent('Merma')
    expect(rows[0]).toHaveTextContent('-2')
    expect(rows[0]).toHaveTextContent('Caja dañada')
    expect(rows[0]).toHaveTextContent('Alma Auxiliar')
    expect(within(rows[1]).getByText('20261124-120000-0001')).toBeInTheDocument()
    const stock = screen.getByRole('list', { name: 'Existencias por variante' })
    expect(within(stock).getAllByRole('listitem')[1]).toHaveTextContent('Bajo inventario')
  })

  it("'Ajustar inventario' refuses bad input in Spanish, then sends the adjustment and shows it", async () => {
    const { calls } = server({ 'POST /v1/inventario/ajustes': json(merma, 201) })
    const { user } = renderApp('/productos/p1/inventario')
    // The button is there, disabled, until the product has loaded; a click before that opens nothing.
    await user.click(await screen.findByRole('button', { name: 'Ajustar inventario' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ajustar inventario' })
    // The dialog reads the product the page has just loaded: no second request for it.
    const productoGets = () => calls.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/v1/admin/productos/p1')
    await user.click(within(dialog).getByRole('radio', { name: /Merma/ }))
    expect(productoGets()).toHaveLength(1)
    await user.type(within(dialog).getByLabelText('Cantidad (piezas)'), '9')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }))
    expect(await within(dialog).findByText('Solo hay 5 piezas; la merma no puede dejar las existencias en negativo.')).toBeInTheDocument()
    expect(within(dialog).getByText('Escribe el motivo del ajuste.')).toBeInTheDocument()
    expect(calls.some((r) => r.method === 'POST')).toBe(false)

    const qty = within(dialog).getByLabelText('Cantidad (piezas)')
    await user.clear(qty)
    await user.type(qty, '2')
    expect(within(dialog).getByTestId('ajuste-resultado')).toHaveTextContent('Existencias: 5 → 3')
    await user.type(within(dialog).getByLabelText('Motivo'), 'Caja dañada')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const post = calls.find((r) => r.method === 'POST')!
    expect(await bodyOf(post)).toEqual({ productoId: 'p1', varianteId: 'v1', tipo: 'merma', cantidad: 2, motivo: 'Caja dañada' })
    expect(screen.getByRole('status')).toHaveTextContent('Ajuste guardado: Merma -2 (Grande · 32: 5 → 3).')
  })

  it("shows the server's Spanish message on the field it names", async () => {
    server({
      'POST /v1/inventario/ajustes': json(
        { error: { code: 'invalid', message: 'Revisa los datos marcados.', fields: { cantidad: 'Solo hay 0 piezas; la merma no puede dejar las existencias en negativo.' } } },
        400,
      ),
    })
    const { user } = renderApp('/productos/p1/inventario')
    await user.click(await screen.findByRole('button', { name: 'Ajustar Chico · 100 g' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ajustar inventario' })
    expect(within(dialog).getByRole('combobox', { name: 'Variante' })).toHaveValue('v2')
    await user.click(within(dialog).getByRole('radio', { name: /Merma/ }))
    await user.type(within(dialog).getByLabelText('Cantidad (piezas)'), '1')
    await user.type(within(dialog).getByLabelText('Motivo'), 'Rota')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Revisa los datos marcados.')
    expect(within(dialog).getByText('Solo hay 0 piezas; la merma no puede dejar las existencias en negativo.')).toBeInTheDocument()
  })

  it("'Bajo inventario' lists the variants below their minimum, counted in the drawer", async () => {
    server()
    renderApp('/inventario/bajo')
    expect(await screen.findByRole('heading', { name: 'Bajo inventario' })).toBeInTheDocument()
    const row = await screen.findByTestId('variante-baja')
    expect(row).toHaveTextContent('Cámara domo — Chico · 100 g')
    expect(row).toHaveTextContent('Existencias: 1 · Mínimo: 4')
    expect(within(row).getByRole('link', { name: /Ver movimientos/ })).toHaveAttribute('href', '/productos/p1/inventario')
    const badges = await screen.findAllByTestId('bajo-inventario-count')
    expect(badges[0]).toHaveTextContent('1 variante por surtir')
  })

  it("'Bajo inventario' shows a variant with no units left and no minimum", async () => {
    const agotada = { productoId: 'p2', varianteId: 'v9', producto: 'Switch 8 puertos', talla: 'Unico', tamano: '', stock: 0, minimo: 0 }
    server({ 'GET /v1/inventario/bajo': json({ variantes: [agotada], meta: { page: 1, limit: 25, total: 1, hasMore: false } }) })
    renderApp('/inventario/bajo')
    const row = await screen.findByTestId('variante-baja')
    expect(row).toHaveTextContent('Existencias: 0 · Sin mínimo')
    expect(screen.getByText(/Variantes agotadas o con existencias iguales o menores a su mínimo/)).toBeInTheDocument()
  })

  it("'Bajo inventario' says so when no variant is below its minimum", async () => {
    server({ 'GET /v1/inventario/bajo': json({ variantes: null, meta: { page: 1, limit: 25, total: 0, hasMore: false } }) })
    renderApp('/inventario/bajo')
    expect(await screen.findByText('Ninguna variante está agotada ni por debajo de su mínimo.')).toBeInTheDocument()
    expect(screen.queryByTestId('bajo-inventario-count')).toBeNull()
  })

  it("'Bajo inventario' says in Spanish when the list cannot be read, and the drawer shows no count", async () => {
    server({ 'GET /v1/inventario/bajo': new Response('boom', { status: 500 }) })
    renderApp('/inventario/bajo')
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al obtener el inventario bajo')
    expect(screen.queryByText('Ninguna variante está agotada ni por debajo de su mínimo.')).toBeNull()
    expect(screen.queryByTestId('bajo-inventario-count')).toBeNull()
  })

  it('is not in the drawer of a Cajero, who never asks for the count', async () => {
    storeSession({ rol: 'Cajero', name: 'Carmen' })
    const { calls } = server({ 'GET /v1/cortes': json({ cortes: [], meta: { page: 1, limit: 20, total: 0, hasMore: false } }) })
    renderApp('/corte')
    await screen.findAllByRole('navigation', { name: 'Menú de administración' })
    expect(screen.queryByRole('link', { name: /Bajo inventario/ })).toBeNull()
    expect(calls.some((r) => new URL(r.url).pathname === '/v1/inventario/bajo')).toBe(false)
  })
})
