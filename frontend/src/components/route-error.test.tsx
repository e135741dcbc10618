import { render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { RouteError } from '@/components/route-error'

/** A route whose screen's code cannot be loaded, as a browser says it when the network is gone. */
function renderFailingRoute(message: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        lazy: async () => {
          throw new TypeError(message)
        },
      },
    ],
    { initialEntries: ['/'] },
  )
  return render(<RouterProvider router={router} />)
}

describe('RouteError', () => {
  // The error page logs the error in development; the failures here are on purpose.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}))

  it("says 'Sin conexión' when a screen's code could not be fetched, and loads the page again once back online", async () => {
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    renderFailingRoute('Failed to fetch dynamically imported module: http://127.0.0.1/assets/cart-page-x.js')
    expect(await screen.findByRole('heading', { name: 'Sin conexión' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
    // The page listens from an effect, which may run after the heading is drawn: go online until
    // it has listened.
    await waitFor(() => {
      window.dispatchEvent(new Event('online'))
      expect(reload).toHaveBeenCalled()
    })
  })

  it("keeps 'Algo salió mal' for any other failure while online", async () => {
    renderFailingRoute('x is not a function')
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument()
  })

  it("says 'Sin conexión' for any failure while the browser is offline", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    renderFailingRoute('x is not a function')
    expect(await screen.findByRole('heading', { name: 'Sin conexión' })).toBeInTheDocument()
  })
})
