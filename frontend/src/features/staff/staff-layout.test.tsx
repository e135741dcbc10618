import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const ALL = ['Productos', 'Bajo inventario', 'Descuentos', 'Ventas', 'Ordenes', 'Envíos', 'Cortes de caja', 'Facturas', 'Usuarios', 'Registro de errores', 'Auditoría', 'Respaldos', 'Categorías', 'Catálogo del proveedor']

async function drawerEntries() {
  const navs = await screen.findAllByRole('navigation', { name: 'Menú de administración' })
  return within(navs[0])
    .getAllByRole('link')
    .map((a) => a.textContent)
}

describe('staff drawer', () => {
  beforeEach(() => {
    mockServer({ 'GET /v1/config': json(sampleConfig) })
  })

  it.each([
    ['Administrador', '/registro-errores', [...ALL]],
    ['Auxiliar', '/productos', ['Productos', 'Bajo inventario', 'Descuentos', 'Ventas', 'Ordenes', 'Envíos']],
    ['Cajero', '/corte', ['Ordenes', 'Cortes de caja', 'Facturas']],
    ['Comandero', '/ventas/ordenes', ['Ordenes']],
  ])('shows %s only the screens the role may open', async (rol, path, expected) => {
    storeSession({ rol })
    renderApp(path)
    expect(await drawerEntries()).toEqual([...expected, 'Tienda'])
    const nav = (await screen.findAllByRole('navigation', { name: 'Menú de administración' }))[0]
    expect(within(nav).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument()
  })

  it('links each entry to its screen and the shop to /', async () => {
    storeSession({ rol: 'Administrador' })
    renderApp('/productos')
    const nav = (await screen.findAllByRole('navigation', { name: 'Menú de administración' }))[0]
    const hrefs = Object.fromEntries(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]))
    expect(hrefs).toEqual({
      Productos: '/productos',
      'Bajo inventario': '/inventario/bajo',
      Descuentos: '/descuentos',
      Ventas: '/ventas',
      Ordenes: '/ventas/ordenes',
      Envíos: '/ventas/envios',
      'Cortes de caja': '/corte',
      Facturas: '/facturas',
      Usuarios: '/usuarios',
      'Registro de errores': '/registro-errores',
      Auditoría: '/auditoria',
      Respaldos: '/respaldos',
      Categorías: '/categorias',
      'Catálogo del proveedor': '/proveedor',
      Tienda: '/',
    })
  })

  it.each([
    ['/ventas', 'Reporte de ventas'],
    ['/ventas/ordenes', 'Lista de ordenes'],
    ['/ventas/envios', 'Reporte de envíos'],
    ['/corte', 'Cortes de caja'],
    ['/descuentos/nuevo', 'Descuentos'],
  ])('shows %s with its title to an admin', async (path, title) => {
    storeSession({ rol: 'Administrador' })
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
  })

  it("shows the shop's version in the footer", async () => {
    mockServer({ 'GET /v1/config': json({ ...sampleConfig, version: '1.4.0 (37ab556)' }) })
    storeSession({ rol: 'Cajero' })
    renderApp('/corte')
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(/^Versión 1\.4\.0 \(37ab556\)$/)
  })

  it('tells a cajero that Productos is not for them', async () => {
    storeSession({ rol: 'Cajero' })
    renderApp('/productos')
    expect(await screen.findByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Productos' })).toBeNull()
  })

  it('tells a customer that staff screens are not for them', async () => {
    storeSession({ rol: 'Cliente' })
    renderApp('/usuarios')
    expect(await screen.findByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeInTheDocument()
    expect(await drawerEntries()).toEqual(['Tienda'])
  })

  it('sends a visitor who is not signed in to /login', async () => {
    const { router } = renderApp('/ventas')
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('guards the bare /corte/print route the same way', async () => {
    storeSession({ rol: 'Comandero' })
    renderApp('/corte/print')
    expect(await screen.findByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeInTheDocument()
  })

  it('shows /corte/print to a cajero without the drawer', async () => {
    storeSession({ rol: 'Cajero' })
    renderApp('/corte/print')
    expect(await screen.findByRole('heading', { name: 'Corte de caja' })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Menú de administración' })).toBeNull()
  })
})
