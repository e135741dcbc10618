import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ProductoDetalle } from '@/lib/producto'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'

const imported: ProductoDetalle = {
  _id: 'p9',
  nombre: 'Cámara Wi-Fi C6N',
  stock: 0,
  variantes: [{ _id: 'v1', talla: 'Unico', stock: 0, precioVenta: 1249, descuento: 0, descuentoEfectivo: 0, precioFinal: 1249 }],
  disponibleConProveedor: 40,
}

describe('product page: units the distributor has (issue 28)', () => {
  it("says 'Disponible con proveedor' when the shop has none but the distributor has", async () => {
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/productos/p9': json(imported) })
    renderApp('/product/p9')
    expect(await screen.findByRole('heading', { name: 'Cámara Wi-Fi C6N' })).toBeInTheDocument()
    expect(screen.getByText('Existencias').nextElementSibling).toHaveTextContent('Disponible con proveedor: entrega en 3 a 5 días hábiles')
    // It can be ordered: the units come from the distributor.
    expect(screen.getByRole('button', { name: 'Agregar al carrito' })).toBeEnabled()
  })

  it("says 'Agotado' when neither has any", async () => {
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/productos/p9': json({ ...imported, disponibleConProveedor: 0 }) })
    renderApp('/product/p9')
    expect(await screen.findByRole('heading', { name: 'Cámara Wi-Fi C6N' })).toBeInTheDocument()
    expect(screen.getByText('Existencias').nextElementSibling).toHaveTextContent('Agotado')
    expect(screen.getByRole('button', { name: 'Agregar al carrito' })).toBeDisabled()
  })
})
