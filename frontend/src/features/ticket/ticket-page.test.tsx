import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'
import { PAPER_KEY, pageRule, ticketDate } from '@/features/ticket/paper'

const ID = '6955b90064656d6f00000001'

const venta = {
  _id: ID,
  folio: '20261123-153045-4821',
  fecha: '2026-11-24T02:30:00.000Z', // 23 Nov, 20:30 in Mexico City
  cliente: 'Juan Pérez',
  usuario: { name: 'Cliente de mostrador' },
  nombreCreador: 'Carmen Cajera',
  carrito: [
    { _id: 'v1', producto_id: 'p1', nombre: 'Cámara IP 4 MP', precio: 1899, descuento: 10, precioFinal: 1709.1, cantidad: 2, talla: 'Grande', entregado: false },
    { _id: 'v2', producto_id: 'p2', nombre: 'Cable UTP', precio: 100, descuento: 0, precioFinal: 100, cantidad: 1, talla: 'Unico', entregado: false },
  ],
  subtotal: 3518.2,
  iva: 562.91,
  total: 4081.11,
  metodoPago: 'Efectivo',
  pago: 'Pendiente',
  entrega: 'Pendiente',
}

afterEach(() => vi.restoreAllMocks())

function server(ventaReply = json(venta)) {
  return mockServer({ [`GET /v1/ventas/${ID}`]: ventaReply, 'GET /v1/config': json(sampleConfig) })
}

describe('Imprimir ticket', () => {
  it('shows the shop, the sale, its lines and totals, and opens the print dialog about 1 s later', async () => {
    server()
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    storeSession({ rol: 'Cajero' })
    renderApp(`/ventas/ticket/${ID}`)
    const ticket = await screen.findByTestId('ticket')
    await within(ticket).findByText('Tienda de Seguridad y Redes')
    for (const text of ['Av. Insurgentes Sur 1234, Ciudad de México', 'Tel. 55 1234 5678', '20261123-153045-4821', '23/11/2026 20:30', 'Juan Pérez', 'Carmen Cajera']) {
      expect(ticket).toHaveTextContent(text)
    }
    const lines = within(ticket).getAllByTestId('ticket-line')
    expect(lines.map((l) => l.textContent)).toEqual(['Cámara IP 4 MP (Grande)2 x $1,709.10$3,418.20', 'Cable UTP1 x $100.00$100.00'])
    expect(ticket).toHaveTextContent('Subtotal$3,518.20')
    expect(ticket).toHaveTextContent('IVA 16%$562.91')
    expect(ticket).toHaveTextContent('TOTAL$4,081.11')
    expect(ticket).toHaveTextContent('Método de pagoEfectivo')
    expect(ticket).toHaveTextContent('PagoPendiente de pago')
    expect(within(ticket).getByText('¡Gracias por tu compra!')).toBeInTheDocument() // tú, as in 'Factura tu compra'
    expect(print).not.toHaveBeenCalled()
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1), { timeout: 2500 })
    expect(document.title).toContain('Ticket 20261123-153045-4821')
  })

  it('says on a line ordered from the distributor that its delivery takes longer', async () => {
    const line = { ...venta.carrito[1], conProveedor: 1, entrega: 'Disponible con proveedor: entrega en 3 a 5 días hábiles' }
    server(json({ ...venta, carrito: [venta.carrito[0], line] }))
    vi.spyOn(window, 'print').mockImplementation(() => {})
    storeSession({ rol: 'Cajero' })
    renderApp(`/ventas/ticket/${ID}`)
    const ticket = await screen.findByTestId('ticket')
    const lines = await within(ticket).findAllByTestId('ticket-line')
    expect(within(lines[1]).getByTestId('ticket-entrega')).toHaveTextContent('Disponible con proveedor: entrega en 3 a 5 días hábiles')
    expect(within(lines[0]).queryByTestId('ticket-entrega')).toBeNull()
  })

  it('remembers the paper and sizes the print page for it', async () => {
    server()
    vi.spyOn(window, 'print').mockImplementation(() => {})
    storeSession({ rol: 'Cliente' })
    const { user } = renderApp(`/ventas/ticket/${ID}`)
    await screen.findByTestId('ticket')
    expect(screen.getByRole('radio', { name: '80 mm' })).toBeChecked()
    expect(document.querySelector('main')).toHaveClass('ticket-80')
    await user.click(screen.getByRole('radio', { name: '58 mm' }))
    expect(localStorage.getItem(PAPER_KEY)).toBe('58')
    expect(document.querySelector('main')).toHaveClass('ticket-58')
    expect(document.querySelector('main style')?.textContent).toMatch(/^@page \{ size: 58mm \d+mm; margin: 0; \}$/)
    await user.click(screen.getByRole('radio', { name: 'Hoja A4' }))
    expect(document.querySelector('main style')?.textContent).toBe('@page { size: A4; margin: 12mm; }')
  })

  it('says why a sale cannot be shown, and asks to sign in first', async () => {
    server(json({ error: { code: 'forbidden', message: 'Solo puedes ver tus propias compras.' } }, 403))
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    storeSession({ rol: 'Cliente' })
    renderApp(`/ventas/ticket/${ID}`)
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al obtener la venta: Solo puedes ver tus propias compras.')
    expect(print).not.toHaveBeenCalled()
  })

  it('asks to sign in without a session', async () => {
    server()
    renderApp(`/ventas/ticket/${ID}`)
    expect(await screen.findByText(/para imprimir el ticket/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login')
  })
})

describe('paper', () => {
  it('makes a roll page as long as the ticket, and writes dates the Mexican way', () => {
    expect(pageRule('80', 151.3)).toBe('@page { size: 80mm 156mm; margin: 0; }')
    expect(pageRule('58', 0)).toBe('@page { size: 58mm 40mm; margin: 0; }')
    expect(ticketDate('2026-03-05 14:07')).toBe('05/03/2026 14:07')
  })
})
