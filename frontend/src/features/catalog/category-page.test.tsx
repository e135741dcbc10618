import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'
import { categoryName } from '@/lib/categories'

const server = () =>
  mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/productos': json({ products: [], meta: { hasMore: false } }),
  })

describe('/busqueda/:id', () => {
  it.each([
    ['22', 'Videovigilancia'],
    ['video-vigilancia', 'Video Vigilancia'],
    ['Routers', 'Routers'],
    ['Camaras%20IP%20y%20NVRs', 'Camaras IP y NVRs'],
  ])('%s is headed %s and lists its products', async (id, heading) => {
    const { calls } = server()
    renderApp(`/busqueda/${id}`)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(await screen.findByText('No hay productos en esta sección por ahora.')).toBeInTheDocument()
    expect(calls.some((c) => new URL(c.url).pathname === '/v1/productos')).toBe(true)
  })

  it.each(['no-existe', 'Energ%C3%ADa%20%2F%20Herramientas', '%3Cscript%3E'])(
    "an unknown id %s shows 'Página no encontrada', not the id, and asks for no products",
    async (id) => {
      const { calls } = server()
      renderApp(`/busqueda/${id}`)
      expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument()
      expect(screen.queryByText(decodeURIComponent(id))).toBeNull()
      expect(screen.getByRole('link', { name: 'Volver a Inicio' })).toHaveAttribute('href', '/')
      expect(document.title).toContain('Página no encontrada')
      expect(calls.filter((c) => new URL(c.url).searchParams.has('categoria')).map((c) => c.url)).toEqual([])
    },
  )

  it('knows menu slugs and admin categories in either case, and nothing else', () => {
    expect(categoryName('ENERGIA')).toBe('Energia')
    expect(categoryName('energia solar')).toBe('Energia Solar')
    expect(categoryName('energía')).toBeUndefined()
    expect(categoryName('')).toBeUndefined()
  })
})
