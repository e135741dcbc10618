import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { StoredLogEntry } from '@/features/error-log/types'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const stored = (n: number, extra: Partial<StoredLogEntry> = {}): StoredLogEntry => ({
  _id: `id${n}`,
  title: 'Error al obtener los productos',
  error: `GET /v1/productos · estado 500 · fallo ${n}`,
  time: '2026-11-23T15:00:00.000Z',
  origen: 'api:listProductosDestacados',
  user: 'Ana López',
  receivedAt: '2026-11-23T15:00:01.000Z',
  ip: '203.0.113.7',
  ...extra,
})

describe("'Registro de errores'", () => {
  it('lists the entries and filters by date, user and text', async () => {
    storeSession({ rol: 'Administrador' })
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/logs': (req) => {
        const page = new URL(req.url).searchParams.get('page')
        return json({
          logs: page === '2' ? [stored(3)] : [stored(1, { userName: 'Carla Cajera', userEmail: 'carla@tienda.mx' }), stored(2, { user: '' })],
          meta: { page: Number(page), limit: 25, hasMore: page !== '2' },
        })
      },
    })
    const { user } = renderApp('/registro-errores')
    expect(await screen.findByRole('heading', { level: 1, name: 'Registro de errores' })).toBeInTheDocument()
    const entries = async () => within(await screen.findByRole('list', { name: 'Errores registrados' })).getAllByRole('listitem')
    const items = await entries()
    expect(items).toHaveLength(2)
    expect(within(items[0]).getByText('Carla Cajera (carla@tienda.mx)')).toBeInTheDocument()
    expect(within(items[0]).getByText(/fallo 1/)).toBeInTheDocument()
    expect(within(items[1]).getByText('Anónimo')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Fecha de inicio'), '2026-11-01')
    await user.type(screen.getByLabelText('Fecha de fin'), '2026-11-23')
    await user.type(screen.getByLabelText('Usuario'), 'carla')
    await user.type(screen.getByLabelText('Texto'), 'productos')
    await user.click(screen.getByRole('button', { name: 'Filtrar' }))
    const last = () => new URL(calls.filter((c) => new URL(c.url).pathname === '/v1/logs').at(-1)!.url).searchParams
    await vi.waitFor(() => expect(last().get('usuario')).toBe('carla'))
    expect(Object.fromEntries(last())).toEqual({
      desde: '2026-11-01',
      hasta: '2026-11-23',
      usuario: 'carla',
      q: 'productos',
      page: '1',
      limit: '25',
    })

    await user.click(screen.getByRole('button', { name: 'Siguiente' }))
    expect(await screen.findByText(/fallo 3/)).toBeInTheDocument()
    expect(last().get('page')).toBe('2')
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled()
  })

  it('says when there is nothing', async () => {
    storeSession({ rol: 'Administrador' })
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/logs': json({ logs: [], meta: { page: 1, limit: 25, hasMore: false } }),
    })
    renderApp('/registro-errores')
    expect(await screen.findByText('No hay errores registrados')).toBeInTheDocument()
  })

  it('shows the server message when the list cannot be read', async () => {
    storeSession({ rol: 'Administrador' })
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/logs': json({ error: { code: 'unavailable', message: 'El servicio no está disponible en este momento.' } }, 503),
    })
    renderApp('/registro-errores')
    expect(await screen.findByRole('alert')).toHaveTextContent('El servicio no está disponible en este momento.')
  })
})
