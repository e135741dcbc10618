import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

// The side menu's 'Administrador' entry shows to every role with a staff screen (DESIGN §4) and
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
