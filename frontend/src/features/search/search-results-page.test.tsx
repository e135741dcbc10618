import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PAGE_SIZE } from '@/lib/producto'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'

const inStock = (i: number) => ({ _id: `p${i}`, nombre: `Cámara ${i}`, variantes: [{ stock: 3, precioVenta: 100 }] })
const soldOut = { _id: 'agotada', nombre: 'Cámara agotada', variantes: [{ stock: 0, precioVenta: 100 }] }

describe('search results page', () => {
  it('lists every match page by page, the total, and the sold-out one last as Agotado', async () => {
    // The end of the list is in view as soon as it is watched: the next page is asked for.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          this.callback([{ isIntersecting: true }])
        }
        disconnect() {}
      },
    )
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos/search/': (request) => {
        const page = new URL(request.url).searchParams.get('page')
        return page === '1'
          ? json({ productos: Array.from({ length: PAGE_SIZE }, (_, i) => inStock(i)), meta: { hasMore: true, page: 1, limit: PAGE_SIZE, total: PAGE_SIZE + 1 } })
          : json({ productos: [soldOut], meta: { hasMore: false, page: 2, limit: PAGE_SIZE, total: PAGE_SIZE + 1 } })
      },
    })
    renderApp('/busqueda?q=c%C3%A1mara')
    expect(await screen.findByRole('heading', { name: 'Resultados para «cámara»' })).toBeInTheDocument()
    expect(await screen.findByText(`${PAGE_SIZE + 1} productos`)).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Resultados para «cámara» | Tienda de Seguridad y Redes'))
    const first = new URL(calls.find((c) => c.url.includes('/search/'))!.url)
    expect(Object.fromEntries(first.searchParams)).toEqual({ q: 'cámara', page: '1', limit: String(PAGE_SIZE) })

    await waitFor(() => expect(screen.getAllByRole('link', { name: /Cámara/ })).toHaveLength(PAGE_SIZE + 1))
    expect(calls.filter((c) => c.url.includes('/search/')).map((c) => new URL(c.url).searchParams.get('page'))).toEqual(['1', '2'])
    const last = screen.getAllByRole('link', { name: /Cámara/ }).at(-1)!
    expect(last).toHaveTextContent('Cámara agotada')
    expect(within(last).getByText('Agotado')).toBeInTheDocument()
    expect(screen.getAllByText('Agotado')).toHaveLength(1)
  })

  it('says what to do under 3 letters, and when nothing matches', async () => {
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos/search/': json({ productos: [], meta: { hasMore: false, page: 1, limit: PAGE_SIZE, total: 0 } }),
    })
    const { unmount } = renderApp('/busqueda?q=ca')
    expect(await screen.findByText('Escribe al menos 3 letras en el buscador para ver resultados.')).toBeInTheDocument()
    expect(calls.filter((c) => c.url.includes('/search/'))).toHaveLength(0)
    unmount()

    renderApp('/busqueda?q=zzzz')
    expect(await screen.findByText('No encontramos productos para «zzzz».')).toBeInTheDocument()
  })
})
