import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { shopToday } from '@/lib/dates'
import { queryOf, venta, ventasPage } from '@/features/sales/test-fixtures'
import { screenWidth } from '@/testing/screen-width'
import { bodyOf, json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const path = (r: Request) => `${r.method} ${new URL(r.url).pathname}`

const sum = (ventas: number, subtotal: number, iva: number, total: number) => ({ ventas, subtotal, iva, total })
const emptyReport = {
  totalVentas: 0,
  totalIngresos: 0,
  porCobrar: 0,
  pagadas: sum(0, 0, 0, 0),
  pendientes: sum(0, 0, 0, 0),
  productosVendidos: {},
}

describe('Reporte de ventas', () => {
  it('asks for today by default and shows the totals, the products sold and the items table', async () => {
    screenWidth(1280)
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/reporte': json({
        totalVentas: 3,
        totalIngresos: 5045.11,
        porCobrar: 1200,
        pagadas: sum(2, 4349.23, 695.88, 5045.11),
        pendientes: sum(1, 1034.48, 165.52, 1200),
        productosVendidos: { 'Switch 8 puertos': 2, 'Cámara IP bala 4 MP con luz híbrida y micrófono': 2 },
      }),
      'GET /v1/ventas/lista': json(
        ventasPage([venta(), venta({ _id: 'v2', folio: 'F2', carrito: [venta().carrito[1]], entrega: 'Entregado' })]),
      ),
    })
    storeSession({ rol: 'Auxiliar' })
    renderApp('/ventas')

    expect(await screen.findByRole('heading', { level: 1, name: 'Reporte de ventas' })).toBeInTheDocument()
    const today = shopToday()
    expect(screen.getByLabelText('Fecha de inicio')).toHaveValue(today)
    expect(screen.getByLabelText('Fecha de fin')).toHaveValue(today)
    expect(await screen.findByTestId('Total de ventas')).toHaveTextContent('3')
    expect(screen.getByRole('group', { name: 'Total de ventas' })).toHaveTextContent('2 ventas pagadas · 1 venta por cobrar')
    // Ingresos are what was paid; what is unpaid is 'Por cobrar', each with subtotal, IVA and total.
    const ingresos = screen.getByRole('group', { name: 'Total de ingresos' })
    expect(within(ingresos).getByTestId('Total de ingresos')).toHaveTextContent('$5,045.11')
    expect(within(ingresos).getByText('Subtotal (sin IVA)').nextSibling).toHaveTextContent('$4,349.23')
    expect(within(ingresos).getByText('IVA').nextSibling).toHaveTextContent('$695.88')
    expect(within(ingresos).getByText('Total').nextSibling).toHaveTextContent('$5,045.11')
    const porCobrar = screen.getByRole('group', { name: 'Por cobrar' })
    expect(within(porCobrar).getByTestId('Por cobrar')).toHaveTextContent('$1,200.00')
    expect(within(porCobrar).getByText('Subtotal (sin IVA)').nextSibling).toHaveTextContent('$1,034.48')
    expect(within(porCobrar).getByText('IVA').nextSibling).toHaveTextContent('$165.52')

    const report = calls.find((c) => path(c) === 'POST /v1/ventas/reporte')!
    expect(await bodyOf(report)).toEqual({ startDate: today, endDate: today })
    const list = calls.find((c) => path(c) === 'GET /v1/ventas/lista')!
    expect(queryOf(list)).toEqual({ desde: today, hasta: today, orden: '-fecha', page: '1', limit: '25' })

    const productos = screen.getByRole('region', { name: 'Productos vendidos' })
    const lines = within(productos).getAllByRole('listitem').map((li) => li.textContent)
    expect(lines).toEqual(['Cámara IP bala 4 MP con luz híbrida y micrófono2', 'Switch 8 puertos2'])

    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Imagen',
      'Nombre',
      'Fecha',
      'Estado',
      'Cantidad',
      'Precio Final (sin IVA)',
      'Total (sin IVA)',
    ])
    const rows = within(table).getAllByTestId('venta-item')
    expect(rows).toHaveLength(3)
    expect(within(rows[0]).getByText('Producto p1')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Folio 20260305-140700-0001')).toBeInTheDocument()
    expect(within(rows[0]).getByText('05-MAR-2026')).toBeInTheDocument()
    expect(within(rows[0]).getByText('$1,709.10')).toBeInTheDocument()
    expect(within(rows[0]).getByText('$3,418.20')).toBeInTheDocument()
    expect(within(rows[2]).getByText('Entregado')).toBeInTheDocument()
  })

  it('explains its counts with the cancelled and returned sales when the server says them', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/reporte': json({ ...emptyReport, totalVentas: 1441, canceladas: 52, devueltas: 1 }),
      'GET /v1/ventas/lista': json(ventasPage([venta()], { total: 1513, hasMore: true })),
    })
    storeSession({ rol: 'Administrador' })
    renderApp('/ventas')
    expect(await screen.findByTestId('conteo-ventas')).toHaveTextContent('1,441 ventas · 52 canceladas · 1 devuelta')
    expect(screen.getByRole('group', { name: 'Total de ventas' })).toContainElement(screen.getByTestId('conteo-ventas'))
  })

  it('counts ingresos by the sale\'s day when asked', async () => {
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/reporte': json({ ...emptyReport, totalVentas: 3 }),
      'GET /v1/ventas/lista': json(ventasPage([venta()])),
    })
    storeSession({ rol: 'Administrador' })
    const { user } = renderApp('/ventas')
    const select = await screen.findByLabelText(/Contar ingresos por/)
    expect(select).toHaveValue('pago')
    expect(screen.getByText(/el total de un día es el de sus cortes/)).toBeInTheDocument()
    await user.selectOptions(select, 'venta')
    await waitFor(() => expect(calls.filter((c) => path(c) === 'POST /v1/ventas/reporte')).toHaveLength(2))
    const last = calls.filter((c) => path(c) === 'POST /v1/ventas/reporte').at(-1)!
    expect(await bodyOf(last)).toMatchObject({ criterio: 'venta' })
    expect(screen.getByText(/sin importar cuándo se cobraron/)).toBeInTheDocument()
  })

  it('says no counts line when the server does not send the cancelled and returned sales', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/reporte': json({ ...emptyReport, totalVentas: 3 }),
      'GET /v1/ventas/lista': json(ventasPage([venta()])),
    })
    storeSession({ rol: 'Administrador' })
    renderApp('/ventas')
    expect(await screen.findByTestId('Total de ventas')).toHaveTextContent('3')
    expect(screen.queryByTestId('conteo-ventas')).toBeNull()
  })

  it('shows the empty texts', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/reporte': json(emptyReport),
      'GET /v1/ventas/lista': json(ventasPage([])),
    })
    storeSession({ rol: 'Administrador' })
    renderApp('/ventas')
    expect(await screen.findByText('No hay ventas')).toBeInTheDocument()
    expect(await screen.findByText('No hay productos vendidos')).toBeInTheDocument()
    expect(screen.getByTestId('Total de ingresos')).toHaveTextContent('$0.00')
  })

  it('filters by the chosen days', async () => {
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/reporte': json(emptyReport),
      'GET /v1/ventas/lista': json(ventasPage([])),
    })
    storeSession({ rol: 'Auxiliar' })
    const { user } = renderApp('/ventas')
    await screen.findByText('No hay ventas')
    const start = screen.getByLabelText('Fecha de inicio')
    await user.clear(start)
    await user.type(start, '2026-03-01')
    const end = screen.getByLabelText('Fecha de fin')
    await user.clear(end)
    await user.type(end, '2026-03-05')
    await user.click(screen.getByRole('button', { name: 'Filtrar ventas' }))
    await waitFor(() => {
      const lists = calls.filter((c) => path(c) === 'GET /v1/ventas/lista')
      expect(queryOf(lists[lists.length - 1])).toMatchObject({ desde: '2026-03-01', hasta: '2026-03-05', page: '1' })
    })
    const reports = calls.filter((c) => path(c) === 'POST /v1/ventas/reporte')
    expect(await bodyOf(reports[reports.length - 1])).toEqual({ startDate: '2026-03-01', endDate: '2026-03-05' })
  })

  it('refuses a start after the end without asking the server', async () => {
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/reporte': json(emptyReport),
      'GET /v1/ventas/lista': json(ventasPage([])),
    })
    storeSession({ rol: 'Auxiliar' })
    const { user } = renderApp('/ventas')
    await screen.findByText('No hay ventas')
    const before = calls.length
    const end = screen.getByLabelText('Fecha de fin')
    await user.clear(end)
    await user.type(end, '2020-01-01')
    await user.click(screen.getByRole('button', { name: 'Filtrar ventas' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('La fecha de fin debe ser igual o posterior a la fecha de inicio.')
    expect(calls.length).toBe(before)
  })

  it('shows the server errors in Spanish', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/reporte': json({ error: { code: 'forbidden', message: 'No tienes permiso para realizar esta acción.' } }, 403),
      'GET /v1/ventas/lista': json({ error: { code: 'invalid', message: 'Parámetro inválido.' } }, 400),
    })
    storeSession({ rol: 'Auxiliar' })
    renderApp('/ventas')
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2))
    const texts = screen.getAllByRole('alert').map((a) => a.textContent)
    expect(texts).toContain('Error al obtener el reporte de ventas: No tienes permiso para realizar esta acción.')
    expect(texts).toContain('Error al filtrar las ventas: Parámetro inválido.')
  })

  it('pages and searches the sold items without asking for the report again', async () => {
    screenWidth(1280)
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'POST /v1/ventas/reporte': json(emptyReport),
      'GET /v1/ventas/lista': (r) => {
        const q = queryOf(r)
        const page = Number(q.page)
        const folio = q.q ? `Q-${q.q}` : `F-${page}`
        return json(ventasPage([venta({ _id: folio, folio })], { page, total: q.q ? 1 : 26, hasMore: !q.q && page === 1 }))
      },
    })
    storeSession({ rol: 'Administrador' })
    const { user } = renderApp('/ventas')
    expect(await screen.findAllByText('Folio F-1')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }))
    expect(await screen.findAllByText('Folio F-2')).toHaveLength(2)
    expect(screen.getByTestId('pager-range')).toHaveTextContent('Mostrando 26–26 de 26')
    await user.type(screen.getByLabelText('Buscar ventas'), 'Juan')
    expect(await screen.findAllByText('Folio Q-Juan')).toHaveLength(2)
    expect(queryOf(calls.filter((c) => path(c) === 'GET /v1/ventas/lista').at(-1)!)).toMatchObject({ q: 'Juan', page: '1' })
    expect(calls.filter((c) => path(c) === 'POST /v1/ventas/reporte')).toHaveLength(1)
  })
})

