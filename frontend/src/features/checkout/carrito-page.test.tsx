import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { cable, camara, LONG_NAME, p1, p2, producto, storeCarrito } from '@/features/checkout/test-fixtures'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

/** Makes `(max-width: …)` queries match (a phone) or not (a desktop). */
function screenWidth(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: narrow && query.includes('max-width'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  )
}

function server(extra: Record<string, Response> = {}) {
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/productos/p1': json(p1),
    'GET /v1/productos/p2': json(p2),
    ...extra,
  })
}

const rows = () => screen.getAllByTestId('cart-row')

describe('cart page', () => {
  it('shows each line, its discount, prices and the totals with IVA to the centavo', async () => {
    screenWidth(true)
    storeSession()
    storeCarrito([camara, cable])
    server()
    renderApp('/carrito')

    expect(await screen.findByRole('heading', { name: 'Tu Carrito', level: 1 })).toBeInTheDocument()
    expect(rows()).toHaveLength(2)
    const [first, second] = rows()
    // Under 768 px the name is cut to 25 characters plus an ellipsis.
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent(/^Cámara IP bala 4 MP con l…$/)
    expect(within(first).getByTestId('descuento')).toHaveTextContent('- 10% Desc')
    expect(within(first).getByTestId('precio-original')).toHaveTextContent('$1,899.00')
    expect(within(first).getByTestId('precio-linea')).toHaveTextContent('$1,709.10 x 2 = $3,418.20')
    expect(within(first).getByTestId('cantidad')).toHaveTextContent('2')
    expect(within(first).getByRole('link', { name: `Ver ${LONG_NAME}` })).toHaveAttribute('href', '/product/p1')

    expect(within(second).queryByTestId('descuento')).toBeNull()
    expect(within(second).queryByTestId('precio-original')).toBeNull()
    expect(within(second).getByTestId('precio-linea')).toHaveTextContent('$333.33 x 3 = $999.99')

    // 3418.20 + 999.99 = 4418.19; IVA per line 546.91 (546.912) + 160.00 (159.9984) = 706.91; total 5125.10.
    expect(screen.getByTestId('subtotal')).toHaveTextContent('$4,418.19')
    expect(screen.getByTestId('iva')).toHaveTextContent('$706.91')
    expect(screen.getByTestId('total')).toHaveTextContent('$5,125.10')
    expect(screen.getByRole('button', { name: 'Pagar en caja' })).toBeEnabled()
  })

  it('shows the whole name and a single price on wide screens', async () => {
    screenWidth(false)
    storeCarrito([{ ...camara, cantidad: 1 }])
    server()
    renderApp('/carrito')
    const row = (await screen.findAllByTestId('cart-row'))[0]
    expect(within(row).getByRole('heading', { level: 2 })).toHaveTextContent(LONG_NAME)
    expect(within(row).getByTestId('precio-linea')).toHaveTextContent(/^\$1,709\.10$/)
  })

  it('changes quantities with the chip and deletes a line', async () => {
    storeSession()
    storeCarrito([camara, cable])
    server()
    const { user, store } = renderApp('/carrito')
    const first = (await screen.findAllByTestId('cart-row'))[0]
    await user.click(within(first).getByRole('button', { name: 'Agregar uno' }))
    expect(within(first).getByTestId('cantidad')).toHaveTextContent('3')
    expect(within(first).getByTestId('precio-linea')).toHaveTextContent('$1,709.10 x 3 = $5,127.30')
    await user.click(within(first).getByRole('button', { name: 'Quitar uno' }))
    await user.click(within(first).getByRole('button', { name: 'Quitar uno' }))
    expect(within(first).getByTestId('cantidad')).toHaveTextContent('1')
    expect(within(first).getByRole('button', { name: 'Quitar uno' })).toBeDisabled()
    expect(within(first).getByTestId('precio-linea')).toHaveTextContent(/^\$1,709\.10$/)

    await user.click(screen.getByRole('button', { name: 'Eliminar Cable UTP Cat6' }))
    expect(rows()).toHaveLength(1)
    expect(store.getState().cart.items.map((i) => i.id)).toEqual(['v1'])
    expect(screen.getByTestId('total')).toHaveTextContent('$1,982.56') // 1709.10 + 273.456 -> 273.46
  })

  it("says 'Carrito de compras vacio' when there is nothing", async () => {
    server()
    renderApp('/carrito')
    expect(await screen.findByText('Carrito de compras vacio')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Vaciar carrito' })).toBeNull()
    expect(screen.queryByTestId('total')).toBeNull()
  })

  it("asks a signed-out shopper to sign in: 'Iniciar sesión para poder Ordenar'", async () => {
    storeCarrito([camara])
    server()
    renderApp('/carrito')
    const link = await screen.findByRole('link', { name: 'Iniciar sesión para poder Ordenar' })
    expect(link).toHaveAttribute('href', '/login')
    expect(screen.queryByRole('button', { name: 'Pagar en caja' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Pagar con Mercado Pago' })).toBeNull()
  })

  it('empties the cart only after the confirmation dialog', async () => {
    storeSession()
    storeCarrito([camara, cable])
    server()
    const { user } = renderApp('/carrito')
    await user.click(await screen.findByRole('button', { name: 'Vaciar carrito' }))
    let dialog = screen.getByRole('dialog', { name: 'Vaciar carrito' })
    expect(dialog).toHaveTextContent('¿Quieres quitar todos los productos de tu carrito?')

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(rows()).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Vaciar carrito' }))
    dialog = screen.getByRole('dialog', { name: 'Vaciar carrito' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText('Carrito de compras vacio')).toBeInTheDocument()
    expect(localStorage.getItem('cart')).toBeNull()
  })

  it('shows every extra whole on a phone and the discount as it applies to a line with extras', async () => {
    screenWidth(true)
    storeSession()
    const extras = [
      { _id: 'x1', nombre: 'Instalación básica en techo o muro', precio: 450 },
      { _id: 'x2', nombre: 'Configuración remota de la app', precio: 120 },
    ]
    storeCarrito([{ ...camara, cantidad: 1, precioFinal: 2279.1, extras }])
    server({ 'GET /v1/productos/p1': json({ ...p1, extras }) })
    renderApp('/carrito')
    const row = (await screen.findAllByTestId('cart-row'))[0]
    const list = within(row).getByTestId('extras')
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '+ Instalación básica en techo o muro ($450.00)',
      '+ Configuración remota de la app ($120.00)',
    ])
    expect(list.querySelector('.truncate')).toBeNull()
    // 10 % off the camera only: 1,899 + 570 = 2,469 before, 2,279.10 after; not '- 10%'.
    expect(within(row).getByTestId('descuento')).toHaveTextContent(/^Ahorras \$189\.90$/)
    expect(within(row).getByTestId('precio-original')).toHaveTextContent('$2,469.00')
    expect(within(row).getByTestId('precio-linea')).toHaveTextContent(/^\$2,279\.10$/)
  })

  it('takes the price the server says today and tells the shopper', async () => {
    storeSession()
    storeCarrito([camara, cable])
    server({
      'GET /v1/productos/p1': json(
        producto('p1', { _id: 'v1', precioVenta: 2000, descuento: 10, descuentoEfectivo: 10, precioFinal: 1800, stock: 25 }),
      ),
    })
    const { store } = renderApp('/carrito')
    await waitFor(() =>
      expect(screen.getByText(`El precio de ${LONG_NAME} cambió de $1,709.10 a $1,800.00.`)).toBeInTheDocument(),
    )
    const first = rows()[0]
    expect(within(first).getByTestId('precio-linea')).toHaveTextContent('$1,800.00 x 2 = $3,600.00')
    expect(within(first).getByTestId('precio-original')).toHaveTextContent('$2,000.00')
    expect(store.getState().cart.items[0]).toMatchObject({ precio: 2000, precioFinal: 1800, descuento: 10 })
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')[0].precioFinal).toBe(1800)
    // 3600 + 999.99 = 4599.99; IVA per line 576.00 + 160.00 = 736.00; total 5335.99.
    expect(screen.getByTestId('total')).toHaveTextContent('$5,335.99')
  })

  it('flags a product that is gone or out of stock and does not let the shopper order it', async () => {
    storeSession()
    storeCarrito([camara, cable])
    server({
      'GET /v1/productos/p1': json({ error: { code: 'not_found', message: 'Producto no encontrado' } }, 404),
      'GET /v1/productos/p2': json(producto('p2', { _id: 'v2', precioVenta: 333.33, precioFinal: 333.33, stock: 0 })),
    })
    renderApp('/carrito')
    const [first, second] = await screen.findAllByTestId('cart-row')
    expect(await within(first).findByRole('alert')).toHaveTextContent('Este producto ya no está disponible')
    expect(await within(second).findByRole('alert')).toHaveTextContent('Agotado')
    expect(screen.getByText('Revisa los productos marcados antes de ordenar.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pagar en caja' })).toBeDisabled()
  })

  it('flags a quantity above the stock left', async () => {
    storeSession()
    storeCarrito([{ ...cable, cantidad: 5 }])
    server({ 'GET /v1/productos/p2': json(producto('p2', { _id: 'v2', precioVenta: 333.33, precioFinal: 333.33, stock: 4 })) })
    const { user } = renderApp('/carrito')
    const row = (await screen.findAllByTestId('cart-row'))[0]
    expect(await within(row).findByRole('alert')).toHaveTextContent('Solo quedan 4 disponibles')
    expect(within(row).getByRole('button', { name: 'Agregar uno' })).toBeDisabled()
    await user.click(within(row).getByRole('button', { name: 'Quitar uno' }))
    await waitFor(() => expect(within(row).queryByRole('alert')).toBeNull())
    expect(screen.getByRole('button', { name: 'Pagar en caja' })).toBeEnabled()
    // At the stock, '+' stays off and the line says why.
    expect(within(row).getByTestId('cantidad')).toHaveTextContent('4')
    expect(within(row).getByRole('button', { name: 'Agregar uno' })).toBeDisabled()
    expect(within(row).getByTestId('limite-existencias')).toHaveTextContent('Solo hay 4 disponibles.')
  })

  it("does not let '+' raise a line past the stock", async () => {
    storeSession()
    storeCarrito([{ ...cable, cantidad: 2 }])
    server({ 'GET /v1/productos/p2': json(producto('p2', { _id: 'v2', precioVenta: 333.33, precioFinal: 333.33, stock: 3 })) })
    const { user, store } = renderApp('/carrito')
    const row = (await screen.findAllByTestId('cart-row'))[0]
    const plus = within(row).getByRole('button', { name: 'Agregar uno' })
    await waitFor(() => expect(within(row).queryByTestId('limite-existencias')).toBeNull())
    await user.click(plus)
    expect(within(row).getByTestId('cantidad')).toHaveTextContent('3')
    expect(plus).toBeDisabled()
    expect(within(row).getByTestId('limite-existencias')).toHaveTextContent('Solo hay 3 disponibles.')
    expect(store.getState().cart.items[0].cantidad).toBe(3)
  })
})
