import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
// The category screen's module says how its page's data seeds the API cache, as it loads.
import '@/features/catalog/components/categoria-page'
import { CATEGORIA_DATA_ID } from '@/features/catalog/categoria-page-data'
import { seedFromPage } from '@/features/catalog/page-data'
import { sampleCategorias } from '@/testing/categorias'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { pageWithScript } from '@/testing/page-script'
import { renderApp } from '@/testing/render'

const productos = Array.from({ length: 3 }, (_, i) => ({
  _id: `66aa0000000000000000000${i}`,
  nombre: `Cámara bala ${i}`,
  imagen: `/v1/imagenes/demo/producto-00${i}.svg`,
  variantes: [{ _id: `v${i}`, talla: 'Única', tamano: '1', stock: 3, precioVenta: 100, descuento: 0, descuentoEfectivo: 0, precioFinal: 100 }],
}))

const pageWith = (text: string) => pageWithScript(CATEGORIA_DATA_ID, text)

const carried = (categoria: string) =>
  JSON.stringify({ categoria, categorias: sampleCategorias, productos: { products: productos, meta: { hasMore: false, page: 1, limit: 24 } } })

/** The calls to the catalogue's API: the category tree and the products. */
const catalogueCalls = (calls: Request[]) =>
  calls.map((r) => new URL(r.url)).filter((u) => u.pathname === '/v1/categorias' || u.pathname === '/v1/productos')

afterEach(() => document.getElementById(CATEGORIA_DATA_ID)?.remove())

describe('a category page that carries its first screen', () => {
  it('draws its heading and products from the page, without asking the API for them', async () => {
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig) })
    pageWith(carried('video-vigilancia'))
    renderApp('/busqueda/video-vigilancia', {
      before: (s) => {
        seedFromPage(s.dispatch)
        // In the cache before the first render: the screen never draws its loading state.
        const queries = s.getState().api.queries
        expect(queries['listCategorias(undefined)']?.data).toEqual(sampleCategorias)
        expect(queries['listProductos({"categoria":"video-vigilancia"})']?.data).toEqual({ pages: [{ products: productos, hasMore: false }], pageParams: [1] })
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Videovigilancia' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Cámara bala 2' })).toBeInTheDocument()
    expect(catalogueCalls(calls)).toEqual([])
    expect(document.getElementById(CATEGORIA_DATA_ID)).toBeNull()
  })

  it.each([
    // The tree, the same on every category's page, is drawn; this category's products are asked for.
    ['carries another category', carried('22'), ['/v1/productos']],
    ['carries broken data', '{"categoria": ', ['/v1/categorias', '/v1/productos']],
    // The tree it carries is drawn; the products are asked for.
    ['carries no list of products', JSON.stringify({ categoria: 'video-vigilancia', categorias: sampleCategorias, productos: 'x' }), ['/v1/productos']],
  ])('asks the API when the page %s', async (_, text, asked) => {
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': json({ products: productos.slice(0, 1), meta: { hasMore: false } }),
    })
    pageWith(text)
    renderApp('/busqueda/video-vigilancia', { before: (s) => seedFromPage(s.dispatch) })
    expect(await screen.findByRole('heading', { name: 'Cámara bala 0' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Cámara bala 2' })).toBeNull()
    expect([...new Set(catalogueCalls(calls).map((u) => u.pathname))].sort()).toEqual(asked)
  })
})
