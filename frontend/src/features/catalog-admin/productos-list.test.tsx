import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

// 'Productos' at scale (issue 15): a page of products at a time with the total, a category filter
// and a sort, kept in the address.

describe('Productos list', () => {
  it('shows the total, pages, filters by category and sorts on the server', async () => {
    const asked: Record<string, string>[] = []
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/admin/productos': (r) => {
        const q = Object.fromEntries(new URL(r.url).searchParams)
        asked.push(q)
        const page = Number(q.page)
        const nombre = q.categoria ? `Router ${q.orden}` : `Producto ${page}`
        const total = q.categoria ? 1 : 312
        return json({ products: [{ _id: `p${page}`, nombre, stock: 3 }], meta: { page, limit: 25, total, hasMore: !q.categoria } })
      },
    })
    storeSession({ rol: 'Auxiliar' })
    const { user, router } = renderApp('/productos')
    expect(await screen.findByRole('cell', { name: 'Producto 1' })).toBeInTheDocument()
    expect(asked[0]).toEqual({ orden: 'nombre', page: '1', limit: '25' })
    expect(screen.getByTestId('pager-range')).toHaveTextContent('Mostrando 1–1 de 312')
    expect(screen.getByText('Página 1 de 13')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }))
    expect(await screen.findByRole('cell', { name: 'Producto 2' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?page=2')

    await user.selectOptions(screen.getByLabelText('Categoría'), 'routers')
    await user.selectOptions(screen.getByLabelText('Ordenar por'), '-stock')
    expect(await screen.findByRole('cell', { name: 'Router -stock' })).toBeInTheDocument()
    expect(asked.at(-1)).toEqual({ categoria: 'routers', orden: '-stock', page: '1', limit: '25' })
    expect(screen.getByTestId('pager-range')).toHaveTextContent('Mostrando 1–1 de 1')

    await user.type(screen.getByLabelText('Buscar productos por nombre...'), 'wifi')
    await waitFor(() => expect(asked.at(-1)).toEqual({ titulo: 'wifi', categoria: 'routers', orden: '-stock', page: '1', limit: '25' }))
    expect(new URLSearchParams(router.state.location.search).get('titulo')).toBe('wifi')
  })
})
