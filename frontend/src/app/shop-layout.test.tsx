import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const emptyList = { products: [], meta: { hasMore: false } }

function server() {
  return mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/productos': json(emptyList) })
}

describe('shop layout', () => {
  it("greets a visitor with 'Bienvenido'", async () => {
    server()
    renderApp('/')
    expect(await screen.findByTestId('greeting')).toHaveTextContent('Bienvenido')
  })

  it("greets a signed-in customer by first name with 'Hola {name}'", async () => {
    server()
    storeSession({ name: 'María Fernanda Ruiz' })
    renderApp('/')
    expect(await screen.findByTestId('greeting')).toHaveTextContent('Hola María')
  })

  it('shows the header with logo, search, profile and a cart badge with the item count', async () => {
    server()
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 'a', producto_id: 'p', nombre: 'Cable', imagen: '', precio: 5, precioFinal: 5, cantidad: 2, descuento: 0 },
        { id: 'b', producto_id: 'p', nombre: 'Router', imagen: '', precio: 5, precioFinal: 5, cantidad: 3, descuento: 0 },
      ]),
    )
    renderApp('/')
    const header = await screen.findByRole('banner')
    expect(within(header).getByRole('link', { name: /ir a Inicio/ })).toHaveAttribute('href', '/')
    expect(within(header).getByRole('link', { name: 'Mi perfil' })).toHaveAttribute('href', '/usuarios/perfil')
    const carrito = within(header).getByRole('link', { name: 'Carrito, 5 artículos' })
    expect(carrito).toHaveAttribute('href', '/carrito')
    expect(within(carrito).getByTestId('cart-badge')).toHaveTextContent('5')
    expect(within(header).getByPlaceholderText('¿Qué estás buscando hoy?')).toBeInTheDocument()
  })

  it('links every category with a menu name to /busqueda/{id}, in the tree order', async () => {
    server()
    renderApp('/')
    const nav = await screen.findByRole('navigation', { name: 'Categorías' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Video Vigilancia', '/busqueda/22'],
      ['Routers', '/busqueda/routers'],
      ['Drones', '/busqueda/66630'],
      ['Energia', '/busqueda/30'],
      ['Cables', '/busqueda/65811'],
      ['Accesorios', '/busqueda/accesorios'],
    ])
  })

  it('has the bottom navigation with Inicio, Tiendas, Descuentos and Perfil (with a dot)', async () => {
    server()
    renderApp('/')
    const nav = await screen.findByRole('navigation', { name: 'Navegación inferior' })
    expect(nav).toHaveClass('md:hidden')
    const links = within(nav).getAllByRole('link')
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Inicio', '/'],
      ['Tiendas', '/tiendas'],
      ['Descuentos', '/ofertas'],
      ['Perfil', '/usuarios/perfil'],
    ])
    expect(within(links[3]).getByTestId('perfil-dot')).toBeInTheDocument()
  })

  it('opens the side menu and closes it with the close button and with Escape', async () => {
    server()
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Abrir menú' }))
    const menu = screen.getByRole('dialog', { name: 'Menú principal' })
    expect(within(menu).getByRole('link', { name: /Todo/ })).toHaveAttribute('href', '/modern')
    expect(within(menu).getByRole('link', { name: /Iniciar sesión/ })).toHaveAttribute('href', '/login')
    expect(within(menu).queryByRole('link', { name: /Perfil/ })).toBeNull()
    expect(within(menu).queryByRole('link', { name: /Administrador/ })).toBeNull()

    await user.click(within(menu).getByRole('button', { name: 'Cerrar menú' }))
    expect(screen.queryByRole('dialog', { name: 'Menú principal' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Abrir menú' }))
    expect(screen.getByRole('dialog', { name: 'Menú principal' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Menú principal' })).toBeNull()
  })

  it('closes the side menu when the backdrop is clicked', async () => {
    server()
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Abrir menú' }))
    await user.click(screen.getByTestId('drawer-backdrop'))
    expect(screen.queryByRole('dialog', { name: 'Menú principal' })).toBeNull()
  })

  it('shows Perfil, Administrador and Cerrar sesión to an admin, and logging out goes to /login', async () => {
    server()
    storeSession({ rol: 'Administrador' })
    const { user, router } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Abrir menú' }))
    const menu = screen.getByRole('dialog', { name: 'Menú principal' })
    expect(within(menu).getByRole('link', { name: /Perfil/ })).toHaveAttribute('href', '/usuarios/perfil')
    expect(within(menu).getByRole('link', { name: /Administrador/ })).toHaveAttribute('href', '/productos')

    await user.click(within(menu).getByRole('button', { name: /Cerrar sesión/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(localStorage.getItem('token')).toBeNull()
    expect(await screen.findByTestId('greeting')).toHaveTextContent('Bienvenido')
  })

  it('shows the shop details from /v1/config in the footer', async () => {
    server()
    renderApp('/')
    const footer = await screen.findByRole('contentinfo')
    expect(await within(footer).findByRole('link', { name: '55 1234 5678' })).toHaveAttribute('href', 'tel:+525512345678')
    expect(within(footer).getByRole('link', { name: 'Facebook' })).toBeInTheDocument()
    expect(within(footer).getByText(/Todos los derechos reservados/)).toBeInTheDocument()
  })
})
