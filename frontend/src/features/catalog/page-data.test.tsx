import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProductoDetalle } from '@/lib/producto'
import { PRODUCT_DATA_ID, seedProductFromPage } from '@/features/catalog/page-data'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'

const product: ProductoDetalle = {
  _id: '66aa00000000000000000001',
  nombre: 'Cámara domo 2 MP',
  stock: 4,
  variantes: [{ _id: 'v1', talla: 'Única', tamano: '1', stock: 4, precioVenta: 900, descuento: 0, descuentoEfectivo: 0, precioFinal: 900 }],
}

function pageWith(text: string) {
  const script = document.createElement('script')
  script.id = PRODUCT_DATA_ID
  script.type = 'application/json'
  script.textContent = text
  document.body.append(script)
}

afterEach(() => document.getElementById(PRODUCT_DATA_ID)?.remove())

describe('seedProductFromPage', () => {
  it('draws the product page from the product the page carries, without asking the API for it', async () => {
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig) })
    pageWith(JSON.stringify(product))
    renderApp(`/product/${product._id}`, { before: (s) => seedProductFromPage(s.dispatch) })
    expect(await screen.findByRole('heading', { name: 'Cámara domo 2 MP' })).toBeInTheDocument()
    expect(calls.filter((r) => new URL(r.url).pathname.startsWith('/v1/productos'))).toEqual([])
    expect(document.getElementById(PRODUCT_DATA_ID)).toBeNull()
  })

  it('leaves a page with broken data to the API', async () => {
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig), [`GET /v1/productos/${product._id}`]: json(product) })
    pageWith('{"_id": ')
    renderApp(`/product/${product._id}`, { before: (s) => seedProductFromPage(s.dispatch) })
    expect(await screen.findByRole('heading', { name: 'Cámara domo 2 MP' })).toBeInTheDocument()
    expect(calls.some((r) => new URL(r.url).pathname === `/v1/productos/${product._id}`)).toBe(true)
  })
})
