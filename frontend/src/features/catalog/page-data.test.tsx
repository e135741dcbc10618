import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProductoDetalle } from '@/lib/producto'
import { PRODUCTO_DATA_ID, seedProductoFromPage } from '@/features/catalog/page-data'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { pageWithScript } from '@/testing/page-script'
import { renderApp } from '@/testing/render'

const producto: ProductoDetalle = {
  _id: '66aa00000000000000000001',
  nombre: 'Cámara domo 2 MP',
  stock: 4,
  variantes: [{ _id: 'v1', talla: 'Única', tamano: '1', stock: 4, precioVenta: 900, descuento: 0, descuentoEfectivo: 0, precioFinal: 900 }],
}

const pageWith = (text: string) => pageWithScript(PRODUCTO_DATA_ID, text)

afterEach(() => document.getElementById(PRODUCTO_DATA_ID)?.remove())

describe('seedProductFromPage', () => {
  it('draws the product page from the product the page carries, without asking the API for it', async () => {
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig) })
    pageWith(JSON.stringify(producto))
    renderApp(`/product/${producto._id}`, { before: (s) => seedProductoFromPage(s.dispatch) })
    expect(await screen.findByRole('heading', { name: 'Cámara domo 2 MP' })).toBeInTheDocument()
    expect(calls.filter((r) => new URL(r.url).pathname.startsWith('/v1/productos'))).toEqual([])
    expect(document.getElementById(PRODUCTO_DATA_ID)).toBeNull()
  })

  it('leaves a page with broken data to the API', async () => {
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig), [`GET /v1/productos/${producto._id}`]: json(producto) })
    pageWith('{"_id": ')
    renderApp(`/product/${producto._id}`, { before: (s) => seedProductoFromPage(s.dispatch) })
    expect(await screen.findByRole('heading', { name: 'Cámara domo 2 MP' })).toBeInTheDocument()
    expect(calls.some((r) => new URL(r.url).pathname === `/v1/productos/${producto._id}`)).toBe(true)
  })
})
