import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'
import { resolveCategoria } from '@/lib/categorias'
import { sampleCategorias } from '@/testing/categorias'

const server = () =>
  mockServer({
    'GET /v1/config': json(sampleConfig),
    'GET /v1/productos': json({ products: [], meta: { hasMore: false } }),
  })

describe('/busqueda/:id', () => {
  it.each([
    ['22', 'Videovigilancia'],
    ['video-vigilancia', 'Videovigilancia'],
    ['Routers', 'Routers'],
    ['camaras-ip-y-nvrs', 'Camaras IP y NVRs'],
    ['Camaras%20IP%20y%20NVRs', 'Camaras IP y NVRs'],
    ['Energ%C3%ADa%20%2F%20Herramientas', 'Energía / Herramientas'],
  ])('%s is headed %s and lists its products', async (id, heading) => {
    const { calls } = server()
    renderApp(`/busqueda/${id}`)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
    expect(await screen.findByText('No hay productos en esta sección por ahora.')).toBeInTheDocument()
    expect(calls.some((c) => new URL(c.url).pathname === '/v1/productos')).toBe(true)
  })

  it.each(['no-existe', 'Energ%C3%ADa%20%2F%20Herramientas%202', '%3Cscript%3E'])(
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

  it('resolves ids, names and old links in either case, as the server does, and nothing else', () => {
    const name = (id: string) => resolveCategoria(sampleCategorias, id)?.nombre
    expect(name('ENERGIA')).toBe('Energía / Herramientas') // the menu's old link
    expect(name('energia solar')).toBe('Energia Solar')
    expect(name('energía')).toBe('Energía / Herramientas')
    expect(name('ROUTERS')).toBe('Routers')
    expect(name('')).toBeUndefined()
    expect(name('juguetes')).toBeUndefined()
  })

  it("loads the pictures of a phone's first screen at once and first, the rest lazily", async () => {
    const productos = Array.from({ length: 6 }, (_, i) => ({
      _id: `p${i}`,
      nombre: `Cámara ${i}`,
      imagen: `/v1/imagenes/demo/producto-00${i}.svg`,
      variantes: [{ stock: 3, precioVenta: 100 }],
    }))
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': json({ products: productos, meta: { hasMore: false } }),
    })
    renderApp('/busqueda/22')
    const images = await screen.findAllByRole('img', { name: /^Cámara \d$/ })
    expect(images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ...Array.from({ length: 4 }, () => ['eager', 'high']),
      ['lazy', null],
      ['lazy', null],
    ])
  })

  it('shows a category added after the page was built', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': json({ products: [], meta: { hasMore: false } }),
      'GET /v1/categorias': json({ categorias: [...sampleCategorias, { ...sampleCategorias[0], id: 'termicas', nombre: 'Cámaras térmicas', padre: '22', tarjeta: false, menu: '', alias: [] }] }),
    })
    renderApp('/busqueda/termicas')
    expect(await screen.findByRole('heading', { level: 1, name: 'Cámaras térmicas' })).toBeInTheDocument()
  })
})
