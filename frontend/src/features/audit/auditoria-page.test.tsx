import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { AuditoriaEntry } from '@/features/audit/types'
import { DATE_RANGE_ERRORS } from '@/lib/dates'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const entry = (n: number, extra: Partial<AuditoriaEntry> = {}): AuditoriaEntry => ({
  _id: `e${n}`,
  coleccion: 'productos',
  registroId: '6b04eec20a6ba42980f1fd9c',
  registro: `Cámara IP domo ${n}`,
  accion: 'actualizar',
  usuarioId: '6b04eec00a6ba42980f1fd8b',
  nombreUsuario: 'Arturo Auxiliar',
  // 02:05 UTC on the 24th is still the 23rd, 20:05, in Mexico City.
  fecha: '2026-11-24T02:05:00.000Z',
  cambios: [{ campo: 'variante Grande · precioVenta', antes: '150', despues: '1299.9' }],
  ...extra,
})

const page = (entradas: AuditoriaEntry[], p = 1, total = entradas.length, hasMore = false) =>
  json({ entradas, meta: { page: p, limit: 25, total, hasMore } })

describe("'Auditoría'", () => {
  it('lists who changed what, in Mexico City time, with each field before and after', async () => {
    storeSession({ rol: 'Administrador' })
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/auditoria': page([
        entry(1),
        entry(2, {
          coleccion: 'usuarios',
          registro: 'lucia@correo.mx',
          accion: 'cambiar_rol',
          nombreUsuario: 'Adriana Administradora',
          cambios: [
            { campo: 'rol', antes: 'Cliente', despues: 'Cajero' },
            { campo: 'password', antes: '', despues: 'contraseña cambiada' },
          ],
        }),
        entry(3, {
          coleccion: 'productos',
          accion: 'crear',
          cambios: ['nombre', 'marca', 'modelo', 'categoria', 'proveedor', 'garantia'].map((campo) => ({ campo, antes: '', despues: campo.toUpperCase() })),
        }),
      ]),
    })
    renderApp('/auditoria')
    expect(await screen.findByRole('heading', { level: 1, name: 'Auditoría' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Cambios registrados' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(within(rows[0]).getByText('2026-11-23 20:05')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Arturo Auxiliar')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Productos')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Cámara IP domo 1')).toBeInTheDocument()
    expect(within(rows[0]).getByText('Modificación')).toBeInTheDocument()
    expect(within(rows[0]).getByRole('listitem')).toHaveTextContent('Variante Grande · Precio de venta: 150 →cambió a 1299.9')

    expect(within(rows[1]).getByText('Usuarios')).toBeInTheDocument()
    expect(within(rows[1]).getByText('Cambio de rol')).toBeInTheDocument()
    const changes = within(rows[1]).getAllByRole('listitem').map((li) => li.textContent)
    expect(changes).toEqual(['Rol: Cliente →cambió a Cajero', 'Contraseña: — →cambió a contraseña cambiada'])

    // A long list of changes shows the first ones and opens the rest.
    expect(within(rows[2]).getByText('Ver 2 cambios más')).toBeInTheDocument()
    expect(screen.getByText('3 cambios')).toBeInTheDocument()
  })

  it('filters by colección, registro, usuario and dates, and pages, keeping them in the address', async () => {
    storeSession({ rol: 'Administrador' })
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/auditoria': (req) => {
        const p = Number(new URL(req.url).searchParams.get('page'))
        return p === 2 ? page([entry(26)], 2, 26, false) : page([entry(1), entry(2)], p, 26, true)
      },
    })
    const { user, router } = renderApp('/auditoria')
    await screen.findByRole('table', { name: 'Cambios registrados' })
    const last = () => new URL(calls.filter((c) => new URL(c.url).pathname === '/v1/auditoria').at(-1)!.url).searchParams

    await user.selectOptions(screen.getByLabelText('Colección'), 'Ventas')
    await user.type(screen.getByLabelText('Registro'), '20261123')
    await user.type(screen.getByLabelText('Usuario'), 'carmen')
    await user.type(screen.getByLabelText('Fecha de inicio'), '2026-11-01')
    await user.type(screen.getByLabelText('Fecha de fin'), '2026-11-23')
    await vi.waitFor(() =>
      expect(Object.fromEntries(last())).toEqual({
        coleccion: 'ventas',
        registro: '20261123',
        usuario: 'carmen',
        desde: '2026-11-01',
        hasta: '2026-11-23',
        page: '1',
        limit: '25',
      }),
    )
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      coleccion: 'ventas',
      registro: '20261123',
      usuario: 'carmen',
      desde: '2026-11-01',
      hasta: '2026-11-23',
    })
    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Página siguiente' }))
    expect(await screen.findByText('Cámara IP domo 26')).toBeInTheDocument()
    expect(last().get('page')).toBe('2')
    expect(last().get('coleccion')).toBe('ventas')
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2')
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }))
    await vi.waitFor(() => expect(Object.fromEntries(last())).toEqual({ page: '1', limit: '25' }))
    expect(router.state.location.search).toBe('')
    expect(screen.getByLabelText('Registro')).toHaveValue('')
    expect(screen.getByLabelText('Fecha de inicio')).toHaveValue('')
  })

  it('keeps the filters and the page of the address on a reload', async () => {
    storeSession({ rol: 'Administrador' })
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/auditoria': page([entry(26)], 2, 26, false),
    })
    renderApp('/auditoria?coleccion=usuarios&usuario=carmen&desde=2026-11-01&page=2')
    expect(await screen.findByText('Cámara IP domo 26')).toBeInTheDocument()
    const sent = calls.filter((c) => new URL(c.url).pathname === '/v1/auditoria').map((c) => Object.fromEntries(new URL(c.url).searchParams))
    expect(sent).toEqual([{ coleccion: 'usuarios', usuario: 'carmen', desde: '2026-11-01', page: '2', limit: '25' }])
    expect(screen.getByLabelText('Colección')).toHaveValue('usuarios')
    expect(screen.getByLabelText('Usuario')).toHaveValue('carmen')
    expect(screen.getByLabelText('Fecha de inicio')).toHaveValue('2026-11-01')
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument()
  })

  it('refuses an end date before the start date', async () => {
    storeSession({ rol: 'Administrador' })
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/auditoria': page([]) })
    const { user } = renderApp('/auditoria')
    expect(await screen.findByText('No hay cambios registrados con estos filtros.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Fecha de inicio'), '2026-11-23')
    await user.type(screen.getByLabelText('Fecha de fin'), '2026-11-01')
    expect(screen.getByRole('alert')).toHaveTextContent(DATE_RANGE_ERRORS.order)
    expect(screen.getByLabelText('Fecha de fin')).toHaveAttribute('aria-invalid', 'true')
    // Only the start date, which made sense alone, was asked for.
    const asked = calls.filter((c) => new URL(c.url).pathname === '/v1/auditoria').map((c) => new URL(c.url).searchParams.get('hasta'))
    expect(asked).not.toContain('2026-11-01')
  })

  it("shows the server's Spanish message when the trail cannot be read", async () => {
    storeSession({ rol: 'Administrador' })
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/auditoria': json({ error: { code: 'invalid', message: 'Escribe la fecha como AAAA-MM-DD.', fields: { desde: 'Escribe la fecha como AAAA-MM-DD.' } } }, 400),
    })
    renderApp('/auditoria')
    expect(await screen.findByRole('alert')).toHaveTextContent('Escribe la fecha como AAAA-MM-DD.')
  })

  it('is not shown to an Auxiliar', async () => {
    storeSession({ rol: 'Auxiliar' })
    const { fetchMock } = mockServer({ 'GET /v1/config': json(sampleConfig) })
    renderApp('/auditoria')
    expect(await screen.findByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes('/auditoria'))).toBe(false)
  })
})
