import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'

const loginAnswer = {
  data: {
    token: 'jwt-abc',
    email: 'admin@tienda.mx',
    dataUser: { id: '7', name: 'Adriana Torres', email: 'admin@tienda.mx', admin: true, rol: 'Administrador' },
  },
}

function server(login: Response) {
  return mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/productos': json({ products: [], meta: { hasMore: false } }),
    'POST /v1/usuarios/login': login,
  })
}

describe('login page', () => {
  it('has the fields and the links of the login page', async () => {
    server(json(loginAnswer))
    renderApp('/login')
    expect(await screen.findByLabelText('Correo electrónico')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password')
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'No tengo cuenta' })).toHaveAttribute('href', '/usuarios/registro')
    expect(screen.getByRole('link', { name: '¿Olvidó la contraseña ?' })).toHaveAttribute(
      'href',
      '/usuarios/restablecer-cuenta',
    )
  })

  it('signs in, stores the session, shows a welcome and goes home after 2 s', async () => {
    const { calls } = server(json(loginAnswer))
    const { user, router } = renderApp('/login')
    await user.type(await screen.findByLabelText('Correo electrónico'), 'admin@tienda.mx')
    await user.type(screen.getByLabelText('Contraseña'), 'Admin#2026')

    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      await user.click(screen.getByRole('button', { name: 'Ingresar' }))
      expect(await screen.findByRole('status')).toHaveTextContent('¡Bienvenido, Adriana!')

      const login = calls.find((c) => c.method === 'POST')
      expect(await login?.json()).toEqual({ email: 'admin@tienda.mx', password: 'Admin#2026' })
      expect(localStorage.getItem('token')).toBe('jwt-abc')
      expect(localStorage.getItem('admin')).toBe('true')
      expect(screen.getByTestId('greeting')).toHaveTextContent('Hola Adriana')

      act(() => vi.advanceTimersByTime(1500))
      expect(router.state.location.pathname).toBe('/login')
      act(() => vi.advanceTimersByTime(600))
      await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    } finally {
      vi.useRealTimers()
    }
  })

  it("shows the server's Spanish message when the login fails", async () => {
    server(json({ error: { code: 'unauthorized', message: 'Correo o contraseña incorrectos', request_id: 'r1' } }, 401))
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText('Correo electrónico'), 'a@b.mx')
    await user.type(screen.getByLabelText('Contraseña'), 'mala')
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos')
    expect(localStorage.getItem('token')).toBeNull()
  })

  it("shows 'Error al ingresar' when the server gives no message", async () => {
    server(new Response('upstream down', { status: 502 }))
    const { user } = renderApp('/login')
    await user.type(await screen.findByLabelText('Correo electrónico'), 'a@b.mx')
    await user.type(screen.getByLabelText('Contraseña'), 'x')
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al ingresar')
  })
})

// Issue 26: signing in from the cart returns to the cart (and to any page of this shop the link
// came from); an address of another site is never followed.
describe('login page: where it returns', () => {
  it("from the cart's 'Iniciar sesión para poder Ordenar', returns to the cart", async () => {
    server(json(loginAnswer))
    localStorage.setItem('cart', JSON.stringify([{ id: 'v1', producto_id: 'p1', nombre: 'Cámara', precio: 100, precioFinal: 100, cantidad: 1, descuento: 0 }]))
    const { user, router } = renderApp('/carrito')
    await user.click(await screen.findByRole('link', { name: 'Iniciar sesión para poder Ordenar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    await user.type(await screen.findByLabelText('Correo electrónico'), 'admin@tienda.mx')
    await user.type(screen.getByLabelText('Contraseña'), 'Admin#2026')
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))
    expect(await screen.findByRole('status')).toHaveTextContent('¡Bienvenido, Adriana!')
    await waitFor(() => expect(router.state.location.pathname).toBe('/carrito'), { timeout: 4000 })
  })

  it('goes home when the page to return to is another site', async () => {
    server(json(loginAnswer))
    const { user, router } = renderApp('/')
    await act(() => router.navigate('/login', { state: { volver: '//evil.example/carrito' } }))
    await user.type(await screen.findByLabelText('Correo electrónico'), 'admin@tienda.mx')
    await user.type(screen.getByLabelText('Contraseña'), 'Admin#2026')
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))
    expect(await screen.findByRole('status')).toHaveTextContent('¡Bienvenido')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 4000 })
  })
})
