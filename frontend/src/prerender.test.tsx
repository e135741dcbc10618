// @vitest-environment node
// The prerender runs at build time in Node (scripts/prerender.mjs), so its test does too.
import { describe, expect, it } from 'vitest'
import { render } from '@/prerender'

/** The visible text of some markup, tags removed, for plain assertions. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

function expectShopFrame(html: string) {
  expect(html).toMatch(/<header[^>]*>/)
  expect(html).toContain('placeholder="¿Qué estás buscando hoy?"')
  expect(html).toContain('aria-label="Navegación inferior"')
  expect(html).toMatch(/<main id="contenido"/)
  expect(html).toMatch(/<footer/)
}

describe('prerender', () => {
  it('renders the home page inside the shop frame, hero first', async () => {
    const html = await render('/')
    expectShopFrame(html)
    expect(text(html)).toContain('Protege lo que más importa')
    expect(text(html)).toContain(
      'Cámaras, grabadores, redes y energía de las mejores marcas, con asesoría experta y precios en pesos.',
    )
    // Nobody is signed in at build time, and the cart count is unknown: no badge.
    expect(text(html)).toContain('Bienvenido')
    expect(html).not.toContain('data-testid="cart-badge"')
  })

  it('renders the product screen in its loading state, whatever the product', async () => {
    const html = await render('/product/_')
    expectShopFrame(html)
    expect(html).toContain('aria-busy="true"')
    expect(text(html)).not.toContain('Error al cargar los detalles del producto')
  })

  it('leaves the cart neutral: it lives in browser storage, unknown at build time', async () => {
    const html = await render('/carrito')
    expectShopFrame(html)
    expect(text(html)).toContain('Tu Carrito')
    expect(text(html)).toContain('Cargando tu carrito…')
    expect(text(html)).not.toMatch(/vac[ií]o/i)
    expect(html).toContain('aria-label="Carrito"')
    expect(text(html)).not.toContain('Seguir comprando')
  })

  it('renders the empty cart for a browser whose cart cookie says it is empty', async () => {
    const html = await render('/carrito', { emptyCart: true })
    expectShopFrame(html)
    expect(text(html)).toContain('Carrito de compras vacio')
    expect(text(html)).toContain('Seguir comprando')
    expect(text(html)).not.toContain('Cargando tu carrito…')
  })

  it('renders the shell: the shop frame around the loading indicator', async () => {
    const html = await render('/_', { shell: true })
    expectShopFrame(html)
    expect(html).toMatch(/<main id="contenido"[^>]*><div[^>]*role="status"/)
    expect(text(html)).toContain('Cargando…')
  })
})
