import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'

describe('home strips', () => {
  it('shows favourites with stock as "$X.00 MXN" and 12 category cards that open their category', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': json({
        products: [
          { _id: 'f1', nombre: 'Cámara favorita', favorito: true, stock: 3, descripcion: 'Cámara con visión nocturna a color',
            variantes: [{ _id: 'v', stock: 3, precioVenta: 1000, descuento: 10, descuentoEfectivo: 10, precioFinal: 900 }] },
          { _id: 'f2', nombre: 'Favorita agotada', favorito: true, stock: 0, variantes: [{ _id: 'w', stock: 0, precioVenta: 5 }] },
          { _id: 'n1', nombre: 'No favorita', stock: 3, variantes: [{ _id: 'x', stock: 3, precioVenta: 5 }] },
        ],
        meta: { hasMore: false },
      }),
    })
    const { user, router } = renderApp('/')
    const strip = await screen.findByRole('region', { name: 'Favoritos' })
    const cards = within(strip).getAllByRole('button')
    expect(cards).toHaveLength(1)
    expect(cards[0]).toHaveTextContent('Cámara con visión no…')
    expect(cards[0]).not.toHaveTextContent('...')
    expect(within(cards[0]).getByText('$1,000.00 MXN')).toHaveClass('line-through')
    expect(within(cards[0]).getByText('$900.00 MXN')).toHaveTextContent(/^\$900\.00 MXN más IVA$/)
    // The product cards say it too.
    const card = await screen.findByRole('link', { name: /No favorita/ })
    expect(card).toHaveTextContent(/\$5\.00 más IVA$/)

    const cats = screen.getByRole('region', { name: 'Categorías' })
    const links = within(cats).getAllByRole('link')
    expect(links).toHaveLength(12)
    expect(links[0]).toHaveAttribute('href', '/busqueda/22')
    await user.click(cards[0])
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/f1'))
  })
})

describe('home cache', () => {
  it('keeps the first page under home_products_cache_v3 for 30 minutes', async () => {
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': json({ products: [{ _id: 'a', nombre: 'Desde el servidor', stock: 1 }], meta: { hasMore: false } }),
    })
    localStorage.setItem(
      'home_products_cache_v3',
      JSON.stringify({ t: Date.now() - 60_000, page: { products: [{ _id: 'c', nombre: 'Desde la caché', stock: 1 }], hasMore: false } }),
    )
    renderApp('/')
    expect(await screen.findByText('Desde la caché')).toBeInTheDocument()
    expect(calls.filter((c) => new URL(c.url).pathname === '/v1/productos')).toHaveLength(0)
  })

  it('asks the server when the cache is older than 30 minutes, and stores the answer', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': json({ products: [{ _id: 'a', nombre: 'Desde el servidor', stock: 1 }], meta: { hasMore: false } }),
    })
    localStorage.setItem(
      'home_products_cache_v3',
      JSON.stringify({ t: Date.now() - 31 * 60_000, page: { products: [{ _id: 'c', nombre: 'Desde la caché', stock: 1 }], hasMore: false } }),
    )
    renderApp('/')
    expect(await screen.findByText('Desde el servidor')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('home_products_cache_v3')!).page.products[0]._id).toBe('a')
  })
})
