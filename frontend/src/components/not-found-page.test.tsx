import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'

describe('not-found page', () => {
  it('shows a Spanish not-found page inside the shop for an unknown route, with a way back', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': json({ products: [], meta: { hasMore: false } }),
    })
    const { user, router } = renderApp('/esta/ruta/no-existe')
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Volver a Inicio' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: 'Productos Destacados' })).toBeInTheDocument()
  })
})
