import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const usuarios = [
  { _id: 'a1', name: 'Adriana Administradora', email: 'admin@tienda.mx', phone: '5512345670', address: '', rol: 'Administrador', status: true, admin: true },
  { _id: 'c1', name: 'Claudia Cliente', email: 'cliente@tienda.mx', phone: '5512345674', address: '', rol: 'Cliente', status: false, admin: false },
]

function server(extra: Record<string, Response | ((r: Request) => Response | Promise<Response>)> = {}) {
  let list = [...usuarios]
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/usuarios/lista': () => json({ usuarios: list, meta: { page: 1, limit: 25, total: list.length, hasMore: false } }),
    'POST /v1/usuarios': async (req) => {
      const body = await req.json()
      const created = { _id: 'n1', address: '', status: true, admin: false, ...body }
      delete created.password
      list = [...list, created]
      return json({ data: created }, 201)
    },
    'DELETE /v1/usuarios/a1': json({ error: { code: 'conflict', message: 'No se puede quitar ni eliminar al último Administrador activo.' } }, 409),
    'DELETE /v1/usuarios/c1': () => {
      list = list.filter((u) => u._id !== 'c1')
      return json({ data: { _id: 'c1' } })
    },
    ...extra,
  })
}

describe('usuarios (admin)', () => {
  it('lists Nombre, Email, Rol, Teléfono and Status', async () => {
    storeSession({ rol: 'Administrador' })
    server()
    renderApp('/usuarios')
    const table = await screen.findByRole('table')
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers.slice(0, 5)).toEqual(['Nombre', 'Email', 'Rol', 'Teléfono', 'Status'])
    expect(await within(table).findByText('Claudia Cliente')).toBeInTheDocument()
    expect(within(table).getByText('Inactivo')).toBeInTheDocument()
  })

  it("creates a Cajero through 'Nuevo Usuario' with the role selector of five roles", async () => {
    storeSession({ rol: 'Administrador' })
    const { calls } = server()
    const { user } = renderApp('/usuarios')
    await user.click(await screen.findByRole('button', { name: 'Nuevo Usuario' }))
    const dialog = screen.getByRole('dialog', { name: 'Nuevo Usuario' })
    const rol = within(dialog).getByLabelText('Rol')
    expect(within(rol).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Administrador',
      'Auxiliar',
      'Cajero',
      'Comandero',
      'Cliente',
    ])
    await user.type(within(dialog).getByLabelText('Nombre'), 'Nuevo Cajero')
    await user.type(within(dialog).getByLabelText('Email'), 'caja2@tienda.mx')
    await user.type(within(dialog).getByLabelText('Contraseña'), 'caja-2026')
    await user.type(within(dialog).getByLabelText('Teléfono'), '5511112222')
    await user.selectOptions(rol, 'Cajero')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('caja2@tienda.mx')).toBeInTheDocument()
    const post = calls.find((c) => c.method === 'POST')
    expect(await post?.json()).toEqual({
      name: 'Nuevo Cajero',
      email: 'caja2@tienda.mx',
      password: 'caja-2026',
      phone: '5511112222',
      rol: 'Cajero',
    })
  })

  it("shows the server's field messages in 'Actualizar Usuario' and keeps the dialog open", async () => {
    storeSession({ rol: 'Administrador' })
    const { calls } = server({
      'PATCH /v1/usuarios/c1': json({ error: { code: 'invalid', message: 'Revisa los datos marcados.', fields: { phone: 'El teléfono debe tener 10 dígitos.' } } }, 400),
    })
    const { user } = renderApp('/usuarios')
    await user.click(await screen.findByRole('button', { name: 'Editar a Claudia Cliente' }))
    const dialog = screen.getByRole('dialog', { name: 'Actualizar Usuario' })
    expect(within(dialog).getByLabelText('Email')).toHaveValue('cliente@tienda.mx')
    expect(within(dialog).getByLabelText('Activo')).not.toBeChecked()
    await user.click(within(dialog).getByLabelText('Activo'))
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByText('El teléfono debe tener 10 dígitos.')).toBeInTheDocument()
    const patch = calls.find((c) => c.method === 'PATCH')
    expect(await patch?.json()).toEqual({
      name: 'Claudia Cliente',
      email: 'cliente@tienda.mx',
      password: '',
      phone: '5512345674',
      rol: 'Cliente',
      status: true,
    })
  })

  it("asks 'Eliminar a {name}' and shows why the last Administrador cannot be deleted", async () => {
    storeSession({ rol: 'Administrador' })
    server()
    const { user } = renderApp('/usuarios')
    await user.click(await screen.findByRole('button', { name: 'Eliminar a Claudia Cliente' }))
    let confirm = screen.getByRole('dialog', { name: 'Eliminar a Claudia Cliente' })
    expect(confirm).toHaveTextContent('¿Estás seguro de querer eliminar este usuario?')
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }))
    await waitFor(() => expect(screen.queryByText('Claudia Cliente')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Eliminar a Adriana Administradora' }))
    confirm = screen.getByRole('dialog', { name: 'Eliminar a Adriana Administradora' })
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No se puede quitar ni eliminar al último Administrador activo.')
  })

  it('is refused to a Cajero', async () => {
    storeSession({ rol: 'Cajero' })
    server()
    renderApp('/usuarios')
    expect(await screen.findByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeInTheDocument()
  })

  it('pages, searches, filters by rol and status and sorts on the server, kept in the address', async () => {
    storeSession({ rol: 'Administrador' })
    const asked: Record<string, string>[] = []
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/usuarios/lista': (r) => {
        const q = Object.fromEntries(new URL(r.url).searchParams)
        asked.push(q)
        const page = Number(q.page)
        const found = q.q ? [usuarios[1]] : [{ ...usuarios[0], _id: `a${page}`, name: `Usuario ${page}` }]
        return json({ usuarios: found, meta: { page, limit: 25, total: q.q ? 1 : 40, hasMore: !q.q && page === 1 } })
      },
    })
    const { user, router } = renderApp('/usuarios')
    expect(await screen.findByText('Usuario 1')).toBeInTheDocument()
    expect(asked[0]).toEqual({ orden: 'nombre', page: '1', limit: '25' })
    expect(screen.getByTestId('pager-range')).toHaveTextContent('Mostrando 1–1 de 40')
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }))
    expect(await screen.findByText('Usuario 2')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?page=2')

    await user.selectOptions(screen.getByLabelText('Rol'), 'Cliente')
    await user.selectOptions(screen.getByLabelText('Status'), 'inactivo')
    await user.selectOptions(screen.getByLabelText('Ordenar por'), '-createdAt')
    await user.type(screen.getByLabelText('Buscar usuarios'), '5512')
    expect(await screen.findByText('Claudia Cliente')).toBeInTheDocument()
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ q: '5512', rol: 'Cliente', status: 'inactivo', orden: '-createdAt', page: '1', limit: '25' }),
    )
    expect(new URLSearchParams(router.state.location.search).get('rol')).toBe('Cliente')
  })
})

