import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ProductoDetalle } from '@/lib/producto'
import { toCarritoItem } from '@/features/catalog/carrito-line'
import { priceLine } from '@/lib/refund'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'

const producto: ProductoDetalle = {
  _id: 'p1',
  nombre: 'Cámara IP bala 4 MP',
  marca: 'Hikvision',
  modelo: 'DS-2CD1043G2',
  garantia: '2 años',
  sat_key: '46171610',
  unidad_de_medida: { clave_unidad_sat: 'H87' },
  largo: 20,
  ancho: 8,
  alto: 7,
  imagen: '/v1/imagenes/abc',
  stock: 8,
  variantes: [
    { _id: 'v1', talla: 'Grande', tamano: '32', stock: 5, precioVenta: 1899, descuento: 10, descuentoEfectivo: 10, precioFinal: 1709.1 },
    { _id: 'v2', talla: 'Chico', tamano: '100 g', stock: 3, precioVenta: 80, descuento: 0, descuentoEfectivo: 0, precioFinal: 80 },
  ],
  extras: [{ _id: 'x1', nombre: 'Instalación básica', precio: 450 }],
  details: {
    caracteristicas: ['Visión nocturna', 'IP67'],
    imagenes: ['/v1/imagenes/abc', '/v1/imagenes/def'],
    recursos: [
      { nombre: 'Hoja de datos', link: 'https://www.hikvision.com/ds.pdf' },
      { nombre: 'Peligroso', link: 'javascript:alert(1)' },
    ],
  },
}

describe('toCartItem', () => {
  it('builds the cart shape: variant id, product id, prices with the extras added', () => {
    expect(toCarritoItem(producto, producto.variantes![0], producto.extras!, 2)).toEqual({
      id: 'v1',
      producto_id: 'p1',
      nombre: 'Cámara IP bala 4 MP',
      imagen: '/v1/imagenes/abc',
      precio: 1899,
      precioFinal: 2159.1,
      cantidad: 2,
      descuento: 10,
      talla: 'Grande',
      extras: [{ _id: 'x1', nombre: 'Instalación básica', precio: 450 }],
    })
  })
})

describe('product page', () => {
  it('shows the detail and adds the chosen variant and extra to the cart', async () => {
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/productos/p1': json(producto) })
    const { user, store } = renderApp('/product/p1')
    expect(await screen.findByRole('heading', { name: 'Cámara IP bala 4 MP' })).toBeInTheDocument()
    expect(screen.getByTestId('precio-final')).toHaveTextContent('$1,709.10')
    expect(screen.getByLabelText('Precio')).toHaveTextContent('$1,709.10 más IVA')
    // 1,709.10 + 16 % (273.456, rounded per line as the cart does) = 1,982.56.
    expect(screen.getByTestId('precio-con-iva')).toHaveTextContent(/^\$1,982\.56 con IVA$/)
    expect(screen.getByTestId('precio-lista')).toHaveTextContent('$1,899.00')
    // One unit without extras: the price above is the total.
    expect(screen.queryByTestId('total-eleccion')).toBeNull()
    expect(screen.getByText('-10%')).toBeInTheDocument()
    for (const text of ['2 años', '46171610', 'Pieza', '20 cm', 'Visión nocturna', '5 disponibles']) {
      expect(screen.getByText(text)).toBeInTheDocument()
    }
    expect(screen.getAllByRole('button', { name: /Ver imagen/ })).toHaveLength(2)
    // Its resources, as links that open apart; a link that is not http(s) is never drawn.
    expect(screen.getByRole('link', { name: 'Hoja de datos' })).toHaveAttribute('href', 'https://www.hikvision.com/ds.pdf')
    expect(screen.queryByRole('link', { name: 'Peligroso' })).toBeNull()

    await user.click(screen.getByLabelText(/Instalación básica/))
    expect(screen.getByTestId('total-eleccion')).toHaveTextContent('Total (1 pieza con 1 extra): $2,159.10 más IVA$2,504.56 con IVA')
    await user.click(screen.getByRole('button', { name: 'Agregar uno' }))
    expect(screen.getByTestId('cantidad')).toHaveTextContent('2')
    // (1,709.10 + 450) x 2 = 4,318.20; IVA 690.912 -> 690.91; 5,009.11.
    expect(screen.getByTestId('total-eleccion')).toHaveTextContent('Total (2 piezas con 1 extra): $4,318.20 más IVA$5,009.11 con IVA')
    // The price with IVA follows the variant.
    await user.selectOptions(screen.getByLabelText('Variante'), 'v2')
    expect(screen.getByTestId('precio-con-iva')).toHaveTextContent('$92.80 con IVA')
    expect(screen.getByTestId('total-eleccion')).toHaveTextContent('Total (2 piezas con 1 extra): $1,060.00 más IVA$1,229.60 con IVA')
    await user.selectOptions(screen.getByLabelText('Variante'), 'v1')
    await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }))
    // The cart prices its line the same, to the centavo.
    const [line] = store.getState().cart.items
    expect(priceLine(line.precioFinal, line.cantidad)).toEqual({ base: 431820, iva: 69091, total: 500911 })
    expect(store.getState().cart.items).toEqual([
      expect.objectContaining({ id: 'v1', producto_id: 'p1', cantidad: 2, precioFinal: 2159.1, descuento: 10, talla: 'Grande' }),
    ])
    await waitFor(() => expect(JSON.parse(localStorage.getItem('cart') ?? '[]')[0].id).toBe('v1'))

    // The stepper stops at 0, and 0 adds nothing.
    for (let i = 0; i < 2; i++) await user.click(screen.getByRole('button', { name: 'Quitar uno' }))
    expect(screen.getByTestId('cantidad')).toHaveTextContent('0')
    expect(screen.getByRole('button', { name: 'Quitar uno' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Agregar al carrito' })).toBeDisabled()
  })

  it("caps the stepper at the variant's stock, says why, and caps again for another variant and for the cart", async () => {
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/productos/p1': json(producto) })
    const { user, store } = renderApp('/product/p1')
    const plus = await screen.findByRole('button', { name: 'Agregar uno' })
    expect(screen.queryByTestId('limite-existencias')).toBeNull()
    for (let i = 0; i < 6; i++) if (!(plus as HTMLButtonElement).disabled) await user.click(plus)
    expect(screen.getByTestId('cantidad')).toHaveTextContent('5')
    expect(plus).toBeDisabled()
    expect(screen.getByTestId('limite-existencias')).toHaveTextContent('Solo hay 5 disponibles.')

    // 'Chico' has 3: the quantity drops to 3 at once, and stays there back on 'Grande'.
    await user.selectOptions(screen.getByLabelText('Variante'), 'v2')
    expect(screen.getByTestId('cantidad')).toHaveTextContent('3')
    expect(screen.getByTestId('limite-existencias')).toHaveTextContent('Solo hay 3 disponibles.')
    await user.selectOptions(screen.getByLabelText('Variante'), 'v1')
    expect(screen.getByTestId('cantidad')).toHaveTextContent('3')
    expect(screen.queryByTestId('limite-existencias')).toBeNull()

    // What the cart holds counts: 3 of 5 added leaves 2 to add, then none.
    await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }))
    expect(screen.getByTestId('cantidad')).toHaveTextContent('2')
    expect(screen.getByTestId('limite-existencias')).toHaveTextContent(
      'Solo hay 5 disponibles y ya tienes 3 en tu carrito: puedes agregar 2 más.',
    )
    await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }))
    expect(store.getState().cart.items).toEqual([expect.objectContaining({ id: 'v1', cantidad: 5 })])
    expect(screen.getByTestId('cantidad')).toHaveTextContent('0')
    expect(screen.getByRole('button', { name: 'Agregar al carrito' })).toBeDisabled()
    expect(screen.getByTestId('limite-existencias')).toHaveTextContent('Ya tienes en tu carrito las 5 piezas disponibles.')
  })

  it('says so when the product cannot be loaded', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos/p1': json({ error: { code: 'internal', message: 'Ocurrió un error' } }, 500),
    })
    renderApp('/product/p1')
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los detalles del producto')
  })

  it("says 'Sin conexión' when the product cannot be reached, and loads it once the browser is back online", async () => {
    let online = false
    const producto = { _id: 'p1', nombre: 'Cámara bala', variantes: [{ _id: 'v1', talla: 'Única', stock: 3, precioVenta: 100, precioFinal: 100 }] }
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos/p1': () => {
        if (!online) throw new TypeError('Failed to fetch')
        return json(producto)
      },
    })
    const { user } = renderApp('/product/p1')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Sin conexión')
    // 'Reintentar' asks again: still no connection.
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Sin conexión')
    // The browser is back online: the page asks again by itself.
    online = true
    window.dispatchEvent(new Event('online'))
    expect(await screen.findByRole('heading', { name: 'Cámara bala' })).toBeInTheDocument()
    expect(screen.queryByText('Sin conexión')).toBeNull()
  })

  it('shows the not-found page for a product that does not exist', async () => {
    mockServer({ 'GET /v1/config': json(sampleConfig) })
    renderApp('/product/nope')
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument()
  })
})

describe('product page: units and sold-out variants (issue 26)', () => {
  it("names the SAT unit in words and marks a sold-out variant 'Agotado' in its selector", async () => {
    const soldOut = { _id: 'v3', talla: 'Mediano', tamano: '50', stock: 0, precioVenta: 500, descuento: 0, descuentoEfectivo: 0, precioFinal: 500 }
    const withSoldOut = { ...producto, unidad_de_medida: { clave_unidad_sat: 'MTR' }, variantes: [...producto.variantes!, soldOut] }
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/productos/p1': json(withSoldOut) })
    const { user } = renderApp('/product/p1')
    expect(await screen.findByRole('heading', { name: 'Cámara IP bala 4 MP' })).toBeInTheDocument()
    expect(screen.getByText('Unidad de medida').nextElementSibling).toHaveTextContent(/^Metro$/)
    const options = within(screen.getByLabelText('Variante')).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      'Grande · 32 — $1,709.10',
      'Chico · 100 g — $80.00',
      'Mediano · 50 — $500.00 — Agotado',
    ])
    await user.selectOptions(screen.getByLabelText('Variante'), 'v3')
    expect(screen.getByText('Existencias').nextElementSibling).toHaveTextContent('Agotado')
  })

  it('shows a unit key it has no name for as it is', async () => {
    mockServer({ 'GET /v1/config': json(sampleConfig), 'GET /v1/productos/p1': json({ ...producto, unidad_de_medida: { clave_unidad_sat: 'XYZ' } }) })
    renderApp('/product/p1')
    expect(await screen.findByRole('heading', { name: 'Cámara IP bala 4 MP' })).toBeInTheDocument()
    expect(screen.getByText('Unidad de medida').nextElementSibling).toHaveTextContent(/^XYZ$/)
  })
})
