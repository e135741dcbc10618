import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const descuentos = [
  { _id: 'd-old', name: 'Hot Sale 2020', description: '', percentage: 15, expirationDate: '2020-01-01' },
  { _id: 'd-new', name: 'Buen Fin', description: '', percentage: 10, expirationDate: '2099-12-31', version: 3 },
]

function server() {
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/admin/productos': json({ productos: [], meta: { hasMore: false, page: 1, total: 0, limit: 25 } }),
    'GET /v1/discounts': json({ data: descuentos }),
    'POST /v1/productos': json({ _id: 'p1' }, 201),
    'POST /v1/discounts': json({ data: descuentos[1] }, 201),
    'PATCH /v1/discounts/d-new': json(
      { error: { code: 'conflict', message: 'El descuento cambió mientras lo editabas. Recárgalo y vuelve a guardar.' } },
      409,
    ),
  })
}

describe('catalogue admin forms refuse numbers and dates they would have to change', () => {
  beforeEach(() => storeSession({ rol: 'Auxiliar', name: 'Aux' }))
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it("'Nuevo Producto' names each bad number in Spanish and sends nothing", async () => {
    const { calls } = server()
    const { user } = renderApp('/productos')
    await user.click(await screen.findByRole('button', { name: 'Nuevo Producto' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Producto' })
    await user.type(within(dialog).getByLabelText('Nombre'), 'Cámara')
    const stock = within(dialog).getByLabelText('Existencias de la variante 1')
    await user.clear(stock)
    await user.type(stock, '12.5x')
    const price = within(dialog).getByLabelText('Precio de venta de la variante 1')
    await user.clear(price)
    await user.type(price, 'abc')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Existencias de la variante 1: escribe un número entero de piezas')
    expect(alert).toHaveTextContent('Precio de venta de la variante 1: escribe un importe en pesos con hasta dos decimales')
    expect(alert).not.toHaveTextContent('Este campo es obligatorio')
    await waitFor(() => expect(stock).toHaveFocus())
    expect(calls.some((r) => r.method === 'POST')).toBe(false)

    // Centavos are kept as typed.
    await user.clear(stock)
    await user.type(stock, '12')
    await user.clear(price)
    await user.type(price, '1299.90')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(calls.some((r) => r.method === 'POST')).toBe(true))
    const post = calls.find((r) => r.method === 'POST')!
    const body = (await post.json()) as { variantes: { stock: number; precioVenta: number }[] }
    expect(body.variantes[0]).toMatchObject({ stock: 12, precioVenta: 1299.9 })
  })

  it('offers only discounts still in force to a product', async () => {
    server()
    const { user } = renderApp('/productos')
    await user.click(await screen.findByRole('button', { name: 'Nuevo Producto' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Producto' })
    const select = within(dialog).getByRole('combobox', { name: 'Descuento' })
    await within(select).findByRole('option', { name: /Buen Fin/ })
    expect(within(select).queryByRole('option', { name: /Hot Sale 2020/ })).toBeNull()
  })

  it("'Nuevo Descuento' refuses an expiry before today and marks expired ones", async () => {
    const { calls } = server()
    const { user } = renderApp('/descuentos')
    expect(await screen.findByText('Vencido')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Nuevo Descuento' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Descuento' })
    await user.type(within(dialog).getByLabelText('Nombre'), 'Viejo')
    const date = within(dialog).getByLabelText('Fecha de expiración')
    await user.clear(date)
    await user.type(date, '2020-01-01')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByText('La fecha de expiración no puede ser anterior a hoy.')).toBeInTheDocument()
    expect(calls.some((r) => r.method === 'POST')).toBe(false)
  })

  it("'Actualizar Descuento' sends the version it was read at and says so when another edit came first", async () => {
    const { calls } = server()
    const { user } = renderApp('/descuentos')
    await user.click(await screen.findByRole('button', { name: /Editar\s*Buen Fin/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Actualizar Descuento' })
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    expect(await within(dialog).findByText(/El descuento cambió mientras lo editabas/)).toBeInTheDocument()
    const patch = calls.find((r) => r.method === 'PATCH')!
    expect(await patch.json()).toMatchObject({ name: 'Buen Fin', version: 3 })
  })
})
