import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProductoDetalle } from '@/lib/producto'
// The product screen's module says how its page's data seeds the API cache, as it loads.
import '@/features/catalog/components/producto-page'
import { seedFromPage, takePageData } from '@/features/catalog/page-data'
import { PRODUCTO_DATA_ID } from '@/features/catalog/producto-page-data'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { pageWithScript } from '@/testing/page-script'
import { renderApp } from '@/testing/render'
import { makeStore } from '@/lib/store'

const producto: ProductoDetalle = {
  _id: '66aa00000000000000000001',
  nombre: 'Cámara domo 2 MP',
  stock: 4,
  variantes: [{ _id: 'v1', talla: 'Única', tamano: '1', stock: 4, precioVenta: 900, descuento: 0, descuentoEfectivo: 0, precioFinal: 900 }],
}

const pageWith = (text: string) => pageWithScript(PRODUCTO_DATA_ID, text)

afterEach(() => {
  document.getElementById(PRODUCTO_DATA_ID)?.remove()
  document.getElementById('datos-otra-pantalla')?.remove()
})

describe('seedFromPage', () => {
  it('draws the product page from the product the page carries, at once and without asking the API for it', async () => {
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig) })
    pageWith(JSON.stringify(producto))
    renderApp(`/product/${producto._id}`, {
      before: (s) => {
        seedFromPage(s.dispatch)
        // In the cache before the first render: the screen never draws its loading state.
        expect(s.getState().api.queries[`getProducto("${producto._id}")`]?.data).toEqual(producto)
      },
    })
    expect(await screen.findByRole('heading', { name: 'Cámara domo 2 MP' })).toBeInTheDocument()
    expect(calls.filter((r) => new URL(r.url).pathname.startsWith('/v1/productos'))).toEqual([])
    expect(document.getElementById(PRODUCTO_DATA_ID)).toBeNull()
  })

  it('leaves a page with broken data to the API', async () => {
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig), [`GET /v1/productos/${producto._id}`]: json(producto) })
    pageWith('{"_id": ')
    renderApp(`/product/${producto._id}`, { before: (s) => seedFromPage(s.dispatch) })
    expect(await screen.findByRole('heading', { name: 'Cámara domo 2 MP' })).toBeInTheDocument()
    expect(calls.some((r) => new URL(r.url).pathname === `/v1/productos/${producto._id}`)).toBe(true)
  })

  it("leaves the data of a screen that has not said how to seed it in the page, for that screen's own reading", () => {
    pageWithScript('datos-otra-pantalla', '{"a": 1}')
    seedFromPage(makeStore().dispatch)
    expect(takePageData('datos-otra-pantalla')).toEqual({ a: 1 })
  })
})
