import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp, storeSession } from '@/testing/render'

const base = {
  'GET /v1/config': json(sampleConfig),
  'GET /v1/productos': json({ products: [], meta: { hasMore: false } }),
}

const invalid = (fields: Record<string, string>, message = 'Revisa los datos marcados.') =>
  json({ error: { code: 'invalid', message, fields, request_id: 'r1' } }, 400)

describe('registro', () => {
  it("shows the server's message next to each field and creates nothing silently", async () => {
    const { calls } = mockServer({
      ...base,
      'POST /v1/usuarios': invalid({ phone: 'El teléfono debe tener 10 dígitos.', email: 'Ingresa un correo electrónico válido.' }),
    })
    const { user } = renderApp('/usuarios/registro')
    expect(await screen.findByRole('heading', { name: 'Registre sus datos' })).toBeInTheDocument()
    await user.type(screen.getByLabelText('Nombre Completo'), 'Lucía Pérez')
    await user.type(screen.getByLabelText('Correo electrónico'), 'lucia')
    await user.type(screen.getByLabelText('Contraseña'), 'secreta-123')
    await user.type(screen.getByLabelText('Teléfono'), '55')
    await user.click(screen.getByRole('button', { name: 'Registrar' }))

    expect(await screen.findByText('El teléfono debe tener 10 dígitos.')).toBeInTheDocument()
    expect(screen.getByLabelText('Teléfono')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription('Ingresa un correo electrónico válido.')
    const post = calls.find((c) => c.method === 'POST')
    expect(await post?.json()).toEqual({ name: 'Lucía Pérez', email: 'lucia', password: 'secreta-123', phone: '55' })
  })

  it("goes to /login with the e-mail filled in; 'Ya tengo cuenta' leads there too", async () => {
    mockServer({
      ...base,
      'POST /v1/usuarios': json({ data: { _id: 'n1', name: 'Lucía', email: 'lucia@correo.mx', rol: 'Cliente' } }, 201),
    })
    const { user, router } = renderApp('/usuarios/registro')
    expect(await screen.findByRole('link', { name: 'Ya tengo cuenta' })).toHaveAttribute('href', '/login')
    await user.type(screen.getByLabelText('Nombre Completo'), 'Lucía')
    await user.type(screen.getByLabelText('Correo electrónico'), 'Lucia@Correo.mx')
    await user.type(screen.getByLabelText('Contraseña'), 'secreta-123')
    await user.type(screen.getByLabelText('Teléfono'), '5512345678')
    await user.click(screen.getByRole('button', { name: 'Registrar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(await screen.findByText('Tu cuenta fue creada. Ya puedes iniciar sesión.')).toBeInTheDocument()
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('lucia@correo.mx')
  })
})

describe('restablecer cuenta', () => {
  it('says so, and opens no dialog for a code, when the shop sends no e-mail', async () => {
    const noMail = 'Esta tienda todavía no envía correos, así que no podemos mandarte un código. Comunícate con la tienda para que te ayuden a recuperar tu cuenta.'
    mockServer({
      ...base,
      'POST /v1/usuarios/passwordrecovery': json({ error: { code: 'unavailable', message: noMail, request_id: 'r1' } }, 503),
    })
    const { user } = renderApp('/usuarios/restablecer-cuenta')
    await user.type(await screen.findByLabelText('Correo electrónico'), 'cliente@tienda.mx')
    await user.click(screen.getByRole('button', { name: 'Enviar código' }))
    expect(await screen.findByText(noMail)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByText(/te enviamos/)).toBeNull()
  })

  it('asks for the code, shows a wrong code next to its field, then changes the password and goes to /login', async () => {
    let tries = 0
    const { calls } = mockServer({
      ...base,
      'POST /v1/usuarios/passwordrecovery': json({ message: 'Si el correo está registrado, te enviamos un código.' }),
      'POST /v1/usuarios/passwordchange': () =>
        ++tries === 1
          ? invalid({ password: 'Código incorrecto. Te quedan 4 intentos.' }, 'Código incorrecto. Te quedan 4 intentos.')
          : json({ message: 'Contraseña actualizada. Ya puedes iniciar sesión.' }),
    })
    const { user, router } = renderApp('/usuarios/restablecer-cuenta')
    await user.type(await screen.findByLabelText('Correo electrónico'), 'cliente@tienda.mx')
    await user.click(screen.getByRole('button', { name: 'Enviar código' }))

    const dialog = await screen.findByRole('dialog', { name: 'Restablecer contraseña' })
    expect(dialog).toHaveTextContent('Si el correo está registrado, te enviamos un código.')
    await user.type(within(dialog).getByLabelText('Código'), '000000')
    await user.type(within(dialog).getByLabelText('Nueva contraseña'), 'nueva-clave-1')
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }))
    expect(await within(dialog).findByText('Código incorrecto. Te quedan 4 intentos.')).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Código'))
    await user.type(within(dialog).getByLabelText('Código'), '123456')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }))
      expect(await within(dialog).findByRole('status')).toHaveTextContent('Contraseña actualizada')
      const bodies = await Promise.all(calls.filter((c) => c.method === 'POST').map((c) => c.json()))
      expect(bodies).toEqual([
        { email: 'cliente@tienda.mx' },
        { email: 'cliente@tienda.mx', password: '000000', newPassword: 'nueva-clave-1' },
        { email: 'cliente@tienda.mx', password: '123456', newPassword: 'nueva-clave-1' },
      ])
      act(() => vi.advanceTimersByTime(2100))
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    } finally {
      vi.useRealTimers()
    }
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('cliente@tienda.mx')
  })
})

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

describe('perfil', () => {
  it('shows the account, saves the phone, shows the toast for 2 s and keeps the session in step', async () => {
    storeSession()
    const { calls } = mockServer({
      ...base,
      'GET /v1/usuarios/u1': json({ data: cuenta }),
      'GET /v1/ventas/usuario/u1': json([]),
      'PATCH /v1/usuarios/perfil': async (req) => json({ data: { ...cuenta, ...(await req.json()), _id: 'u1' } }),
    })
    const { user } = renderApp('/usuarios/perfil')
    expect(await screen.findByText('Calle Reforma 45')).toBeInTheDocument()
    expect(screen.getByText('5512345678')).toBeInTheDocument()
    expect(await screen.findByText('Aún no tienes compras.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Editar teléfono' }))
    const dialog = screen.getByRole('dialog', { name: 'Actualizar información' })
    for (const label of ['Nombre Completo', 'Teléfono', 'Dirección', 'Correo electrónico']) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument()
    }
    await user.clear(within(dialog).getByLabelText('Teléfono'))
    await user.type(within(dialog).getByLabelText('Teléfono'), '5587654321')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }))
      expect(await within(dialog).findByText('Información guardada.')).toBeInTheDocument()
      const patch = calls.find((c) => c.method === 'PATCH')
      expect(await patch?.json()).toEqual({
        id: 'u1',
        name: 'Ana López',
        email: 'ana@tienda.mx',
        phone: '5587654321',
        address: 'Calle Reforma 45',
      })
      act(() => vi.advanceTimersByTime(2000))
      expect(await screen.findByRole('status')).toHaveTextContent('Ana López actualizado correctamente.')
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      act(() => vi.advanceTimersByTime(2000))
      await waitFor(() => expect(screen.queryByText('Ana López actualizado correctamente.')).not.toBeInTheDocument())
    } finally {
      vi.useRealTimers()
    }
  })

  it('changes the password and keeps using the new token the server answers', async () => {
    storeSession()
    const { calls } = mockServer({
      ...base,
      'GET /v1/usuarios/u1': json({ data: cuenta }),
      'GET /v1/ventas/usuario/u1': json([], 200),
      'PATCH /v1/usuarios/perfil/password': async (req) => {
        const body = await req.json()
        return body.password.length < 8
          ? invalid({ password: 'Debe tener al menos 8 caracteres.' })
          : json({ data: { token: 'token-nuevo', message: 'Contraseña actualizada.' } })
      },
    })
    const { user } = renderApp('/usuarios/perfil')
    await user.click(await screen.findByRole('button', { name: 'Editar contraseña' }))
    const dialog = screen.getByRole('dialog', { name: 'Actualizar Contraseña' })
    expect(within(dialog).getByLabelText('Nueva contraseña')).toHaveAccessibleDescription(
      'Si desea cambiar su contraseña, ingrese la nueva contraseña y actualice.',
    )
    await user.type(within(dialog).getByLabelText('Nueva contraseña'), 'corta')
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }))
    expect(await within(dialog).findByText('Debe tener al menos 8 caracteres.')).toBeInTheDocument()
    // The message does not name its field: it describes the field it is about.
    expect(within(dialog).getByLabelText('Nueva contraseña')).toHaveAccessibleDescription(
      expect.stringContaining('Debe tener al menos 8 caracteres.'),
    )

    await user.clear(within(dialog).getByLabelText('Nueva contraseña'))
    await user.type(within(dialog).getByLabelText('Nueva contraseña'), 'nueva-clave-1')
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }))
    await waitFor(() => expect(localStorage.getItem('token')).toBe('token-nuevo'))
    const last = calls.filter((c) => c.method === 'PATCH').at(-1)
    expect(await last?.json()).toEqual({ email: 'ana@tienda.mx', password: 'nueva-clave-1' })
    expect(await screen.findByRole('status', {}, { timeout: 4000 })).toHaveTextContent('Ana López actualizado correctamente.')
  })

  it("lets a long e-mail wrap only after the '@' and before a dot", async () => {
    storeSession()
    const email = 'maria.fernanda.gonzalez.hernandez@seguridad-integral-monterrey.com.mx'
    mockServer({ ...base, 'GET /v1/usuarios/u1': json({ data: { ...cuenta, email } }), 'GET /v1/ventas/usuario/u1': json([]) })
    renderApp('/usuarios/perfil')
    const dd = (await screen.findByText('Correo electrónico', { selector: 'dt' })).nextElementSibling as HTMLElement
    await waitFor(() => expect(dd).toHaveTextContent(email))
    // Break opportunities: after the '@' and before each dot (hyphens are ones already); none inside a word.
    const pieces = dd.innerHTML.replace(/<\/?span[^>]*>/g, '').split('<wbr>')
    expect(pieces).toEqual(['maria', '.fernanda', '.gonzalez', '.hernandez@', 'seguridad-integral-monterrey', '.com', '.mx'])
  })

  it('lists the purchases in the Historial de compras table: payment and delivery apart, amounts with IVA', async () => {
    storeSession()
    mockServer({
      ...base,
      'GET /v1/usuarios/u1': json({ data: cuenta }),
      'GET /v1/ventas/usuario/u1': json([
        {
          _id: 's1',
          folio: 1767225600000,
          fecha: '2026-01-01T12:00:00Z',
          carrito: [{ nombre: 'Cámara IP', talla: 'Grande', tamano: 32, cantidad: 2, precioFinal: 150, imagen: '' }],
          total: 348,
          entrega: 'Pendiente',
          pago: 'Pagado',
        },
      ]),
    })
    renderApp('/usuarios/perfil')
    const table = await screen.findByRole('table')
    expect(within(table).getByText('Cámara IP (Grande · 32)')).toBeInTheDocument()
    // 2 x $150.00 = $300.00 before IVA; $348.00 with it, as the cart and the sale say.
    expect(within(table).getByText('$348.00')).toBeInTheDocument()
    expect(within(table).getByText('2026-01-01')).toBeInTheDocument()
    expect(within(table).getByTestId('pago')).toHaveTextContent('Pagado')
    expect(within(table).getByTestId('entrega')).toHaveTextContent('Por entregar')
    // Phones get the same purchase as a card whose every figure is labelled (the table is hidden there).
    const card = within(screen.getByRole('list', { name: 'Historial de compras' })).getByRole('listitem')
    expect(card).toHaveTextContent('Cámara IP (Grande · 32)')
    const figures = [['Cantidad', '2'], ['Total con IVA', '$348.00'], ['Fecha', '2026-01-01'], ['Pago', 'Pagado'], ['Entrega', 'Por entregar']]
    for (const [label, value] of figures) {
      expect(within(card).getByText(label).nextElementSibling).toHaveTextContent(value)
    }
    // 'Mis compras' (folios, invoicing) is one tap away on the profile.
    expect(screen.getByRole('link', { name: 'Mis compras: folios y facturas' })).toHaveAttribute('href', '/usuarios/compras')
  })
})

describe('mis compras', () => {
  it('shows each purchase with its payment and its delivery as two states, line totals with IVA', async () => {
    storeSession()
    mockServer({
      ...base,
      'GET /v1/ventas/usuario/u1': json([
        {
          _id: 's2',
          folio: '20260102-120000-0002',
          fecha: '2026-01-02T12:00:00Z',
          carrito: [{ nombre: 'Router', cantidad: 3, precioFinal: 99.99, imagen: '' }],
          total: 347.97,
          entrega: 'Pendiente',
          pago: 'Pendiente',
        },
        {
          _id: 's1',
          folio: '20260101-120000-0001',
          fecha: '2026-01-01T12:00:00Z',
          carrito: [{ nombre: 'Cámara IP', cantidad: 1, precioFinal: 1000, imagen: '' }],
          total: 1160,
          entrega: 'Enviado',
          pago: 'Pagado',
        },
      ]),
    })
    renderApp('/usuarios/compras')
    const [unpaid, paid] = await screen.findAllByRole('article')
    expect(within(unpaid).getByText('Pago').nextElementSibling).toHaveTextContent('Pendiente de pago')
    expect(within(unpaid).getByText('Entrega').nextElementSibling).toHaveTextContent('Por entregar')
    // 3 x $99.99 = $299.97; IVA $48.00 on the line: $347.97.
    expect(within(unpaid).getByTitle('Con IVA')).toHaveTextContent('$347.97')
    expect(unpaid).toHaveTextContent('Total con IVA $347.97')
    expect(within(paid).getByText('Pago').nextElementSibling).toHaveTextContent(/^Pagado$/)
    expect(within(paid).getByText('Entrega').nextElementSibling).toHaveTextContent('Enviado')
    expect(within(paid).getByTitle('Con IVA')).toHaveTextContent('$1,160.00')
  })

  it.each(['/usuarios/compras', '/usuarios/listar'])('%s shows the empty state when the sales API answers 404', async (path) => {
    storeSession()
    mockServer({ ...base })
    renderApp(path)
    expect(await screen.findByRole('heading', { name: 'Mis compras' })).toBeInTheDocument()
    expect(await screen.findByText('Aún no tienes compras.')).toBeInTheDocument()
  })

  it('shows a message and a retry button when the call fails otherwise', async () => {
    storeSession()
    mockServer({ ...base, 'GET /v1/ventas/usuario/u1': json({ error: { code: 'internal', message: 'x' } }, 500) })
    renderApp('/usuarios/compras')
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar tus compras.')
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument()
  })
})

describe('rejected session', () => {
  it('signs out with a message when the server refuses the token', async () => {
    storeSession()
    mockServer({
      ...base,
      'GET /v1/usuarios/u1': json({ error: { code: 'unauthorized', message: 'Tu sesión expiró o no es válida.' } }, 401),
      'GET /v1/ventas/usuario/u1': json({ error: { code: 'unauthorized', message: 'Tu sesión expiró o no es válida.' } }, 401),
    })
    const { user } = renderApp('/usuarios/perfil')
    const notice = await screen.findByText(/Tu sesión terminó o ya no es válida/)
    expect(localStorage.getItem('token')).toBeNull()
    expect(screen.getByTestId('greeting')).toHaveTextContent('Bienvenido')
    const banner = notice.closest('[role="alert"]') as HTMLElement
    expect(within(banner).getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login')
    await user.click(screen.getByRole('button', { name: 'Cerrar aviso' }))
    expect(notice).not.toBeInTheDocument()
  })
})
