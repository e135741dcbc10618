import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const base = {
  'GET /v1/config': json(sampleConfig),
  'GET /v1/productos': json({ products: [], meta: { hasMore: false } }),
  'GET /v1/ventas/usuario/u1': json([]),
}

const cuenta = {
  _id: 'u1',
  name: 'Ana López',
  email: 'ana@tienda.mx',
  phone: '5512345678',
  address: 'Calle Reforma 45',
  rol: 'Cliente',
  status: true,
  admin: false,
}

describe("perfil · 'Recibir correos de mis pedidos'", () => {
  it('shows the choice the account has, and turns the e-mails off and on again through the API', async () => {
    storeSession()
    let stored = { ...cuenta, sinCorreosPedidos: false }
    const { calls } = mockServer({
      ...base,
      'GET /v1/usuarios/u1': () => json({ data: stored }),
      'PATCH /v1/usuarios/perfil/correos': async (req) => {
        stored = { ...stored, ...(await req.json()) }
        return json({ data: stored })
      },
    })
    const { user } = renderApp('/usuarios/perfil')
    const box = await screen.findByRole('checkbox', { name: 'Recibir correos de mis pedidos' })
    await waitFor(() => expect(box).toBeEnabled())
    expect(box).toBeChecked()
    expect(box).toHaveAccessibleDescription(/cuando recibimos tu pedido o tu pago, cuando sale, cuando se entrega/)

    await user.click(box)
    expect(await screen.findByRole('status')).toHaveTextContent('Ya no te enviaremos correos de tus pedidos.')
    await waitFor(() => expect(box).not.toBeChecked())
    await user.click(box)
    await waitFor(() => expect(box).toBeChecked())
    const bodies = await Promise.all(calls.filter((c) => c.method === 'PATCH').map((c) => c.json()))
    expect(bodies).toEqual([{ sinCorreosPedidos: true }, { sinCorreosPedidos: false }])
  })

  it('starts unticked for an account that turned them off, and says so when the change fails', async () => {
    storeSession()
    mockServer({
      ...base,
      'GET /v1/usuarios/u1': json({ data: { ...cuenta, sinCorreosPedidos: true } }),
      'PATCH /v1/usuarios/perfil/correos': json(
        { error: { code: 'forbidden', message: 'Solo puedes ver y cambiar tu propia cuenta.', request_id: 'r1' } },
        403,
      ),
    })
    const { user } = renderApp('/usuarios/perfil')
    const box = await screen.findByRole('checkbox', { name: 'Recibir correos de mis pedidos' })
    await waitFor(() => expect(box).toBeEnabled())
    expect(box).not.toBeChecked()
    await user.click(box)
    expect(await screen.findByText('Solo puedes ver y cambiar tu propia cuenta.')).toHaveAttribute('role', 'alert')
    expect(box).not.toBeChecked()
  })

  it('is not offered to staff, who get no order e-mails', async () => {
    storeSession({ name: 'Carmen Cajera', rol: 'Cajero' })
    mockServer({ ...base, 'GET /v1/usuarios/u1': json({ data: { ...cuenta, name: 'Carmen Cajera', rol: 'Cajero' } }) })
    renderApp('/usuarios/perfil')
    expect(await screen.findByText('Calle Reforma 45')).toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: 'Recibir correos de mis pedidos' })).not.toBeInTheDocument()
  })
})
