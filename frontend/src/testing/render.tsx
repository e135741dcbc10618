import { render, waitFor } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'
import { Provider } from 'react-redux'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { routes } from '@/app/router'
import { makeStore } from '@/lib/store'

/**
 * Renders the whole app (real routes, real store) at `path`, as a browser tab would; `before` runs
 * on the store before the first render, as main.tsx does.
 */
export function renderApp(path = '/', { before }: { before?: (store: ReturnType<typeof makeStore>) => void } = {}) {
  const store = makeStore()
  before?.(store)
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const events = userEvent.setup()
  // A click waits, as a browser test's does, until its control can be used: a button the app
  // disables until its data arrives would otherwise swallow the click and the test fail later,
  // far from the cause, on a busy machine.
  const user: UserEvent = {
    ...events,
    click: async (element: Element) => {
      await waitFor(() => expect(element).toBeEnabled())
      return events.click(element)
    },
  }
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  )
  return { ...view, store, router, user }
}

type DemoUsuario = { name?: string; email?: string; rol?: string; admin?: boolean }

/** Leaves a signed-in session in browser storage, as a real login would. */
export function storeSession({ name = 'Ana López', email = 'ana@tienda.mx', rol = 'Cliente', admin }: DemoUsuario = {}) {
  const isAdmin = admin ?? rol === 'Administrador'
  const usuario = { id: 'u1', name, email, admin: isAdmin, rol }
  localStorage.setItem('token', 'test-token')
  localStorage.setItem('name', name)
  localStorage.setItem('email', email)
  localStorage.setItem('admin', isAdmin ? 'true' : 'false')
  localStorage.setItem('id', 'u1')
  localStorage.setItem('user', JSON.stringify(usuario))
  localStorage.setItem('lastLogin', '2026-01-01T00:00:00.000Z')
}
