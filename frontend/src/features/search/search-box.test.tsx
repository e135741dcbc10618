import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'

describe('header search', () => {
  it('waits for 3 characters, searches after the debounce and opens the chosen product', async () => {
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': json({ products: [], meta: { hasMore: false } }),
      'GET /v1/productos/search/': json({
        productos: [
          { _id: 'c1', nombre: 'Cámara domo 2MP', imagen: 'https://img/c1.jpg', variantes: [{ _id: 'v', precioVenta: 1709.1, stock: 2 }] },
          { _id: 'c2', titulo: 'Cámara PTZ', img_portada: 'https://img/c2.jpg' },
        ],
      }),
    })
    const { user, router } = renderApp('/')
    const searches = () => calls.filter((c) => new URL(c.url).pathname === '/v1/productos/search/')

    const box = await screen.findByRole('combobox')
    expect(box).toHaveAttribute('placeholder', '¿Qué estás buscando hoy?')
    await user.type(box, 'ca')
    await new Promise((r) => setTimeout(r, 400))
    expect(searches()).toHaveLength(0)

    // The panel says it is searching from the third letter, through the debounce's wait.
    await user.type(box, 'm')
    expect(screen.getByRole('status')).toHaveTextContent('Buscando…')
    await waitFor(() => expect(searches()).toHaveLength(1))
    const list = await screen.findByRole('listbox', { name: 'Resultados de búsqueda' })
    expect(new URL(searches()[0].url).search).toBe('?q=cam&limit=8')

    // Prices are before IVA, and say so.
    expect(await within(list).findByRole('option', { name: /Cámara domo 2MP/ })).toHaveTextContent('$1,709.10 más IVA')
    await user.click(await within(list).findByRole('option', { name: /Cámara PTZ/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/c2'))
  })

  it("says why nothing is searched under 3 letters, and Enter opens every result with the total", async () => {
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': json({ products: [], meta: { hasMore: false } }),
      'GET /v1/productos/search/': json({
        productos: [{ _id: 'c1', nombre: 'Cámara domo 2MP', variantes: [{ stock: 2, precioVenta: 10 }] }],
        meta: { hasMore: true, page: 1, limit: 8, total: 17 },
      }),
    })
    const { user, router } = renderApp('/')
    const searches = () => calls.filter((c) => new URL(c.url).pathname === '/v1/productos/search/')
    const box = await screen.findByRole('combobox')

    await user.type(box, 'ca')
    expect(await screen.findByText('Escribe al menos 3 letras para buscar.')).toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(router.state.location.pathname).toBe('/')
    expect(searches()).toHaveLength(0)

    await user.type(box, 'm')
    const all = await screen.findByRole('link', { name: 'Ver todos los resultados (17)' })
    expect(screen.queryByText(/Escribe al menos 3 letras/)).toBeNull()
    expect(all).toHaveAttribute('href', '/busqueda?q=cam')

    // Enter (the keyboard's Buscar key) with no suggestion highlighted: the results page.
    await user.type(box, 'ara ip{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/busqueda'))
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('camara ip')
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})
