import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

// The side menu's 'Administrador' entry shows to every role with a staff screen and
// opens the first screen that role may use; a Cliente does not see it.
describe("side menu 'Administrador' entry by role", () => {
  it.each([
    ['Administrador', '/productos'],
    ['Auxiliar', '/productos'],
    ['Cajero', '/ventas/ordenes'],
    ['Comandero', '/ventas/ordenes'],
    ['Cliente', null],
  ])('%s -> %s', async (rol, href) => {
    storeSession({ rol })
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/productos': json({ products: [], meta: { hasMore: false } }) })
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Abrir menú' }))
    const menu = screen.getByRole('dialog', { name: 'Menú principal' })
    const link = within(menu).queryByRole('link', { name: /Administrador/ })
    if (href) expect(link).toHaveAttribute('href', href)
    else expect(link).toBeNull()
    expect(within(menu).getByRole('link', { name: /Perfil/ })).toHaveAttribute('href', '/usuarios/perfil')
  })
})

// Issue 26: 'Mis compras' (folios, invoicing) is one tap away in the side menu of a signed-in
// customer; signed out, 'Iniciar sesión' comes back to the page it was opened on.
describe("side menu 'Mis compras' and 'Iniciar sesión'", () => {
  const server = () =>
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': json({ products: [], meta: { hasMore: false } }),
      'GET /v1/ventas/usuario/u1': json([]),
      'POST /v1/usuarios/login': json({ data: { token: 't', email: 'ana@tienda.mx', dataUser: { id: 'u1', name: 'Ana', email: 'ana@tienda.mx', rol: 'Cliente' } } }),
    })

  it("a signed-in customer has 'Mis compras', which opens /usuarios/compras", async () => {
    storeSession({ rol: 'Cliente' })
    server()
    const { user, router } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Abrir menú' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Menú principal' })).getByRole('link', { name: /Mis compras/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios/compras'))
    expect(await screen.findByRole('heading', { name: 'Mis compras', level: 1 })).toBeInTheDocument()
  })

  it("signed out, there is no 'Mis compras', and signing in from the menu returns to the page", async () => {
    server()
    const { user, router } = renderApp('/tiendas')
    await user.click(await screen.findByRole('button', { name: 'Abrir menú' }))
    const menu = screen.getByRole('dialog', { name: 'Menú principal' })
    expect(within(menu).queryByRole('link', { name: /Mis compras/ })).toBeNull()
    await user.click(within(menu).getByRole('link', { name: /Iniciar sesión/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@tienda.mx')
    await user.type(screen.getByLabelText('Contraseña'), 'x')
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/tiendas'), { timeout: 4000 })
  })
})
