import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { renderApp } from '@/testing/render'

const productos = [
  {
    _id: 'p1',
    nombre: 'Cámara IP Bullet 4MP con visión nocturna a color',
    imagen: 'https://img.example/p1.jpg',
    stock: 5,
    marca: 'Hikvision',
    variantes: [{ talla: 'Unico', stock: 5, precioVenta: 1500, descuento: 10 }],
  },
  { _id: 'p2', titulo: 'Router WiFi 6', stock: 0, precios: { precio_lista: 999 } },
  { _id: 'p3', titulo: 'Cable UTP Cat6 305 m', img_portada: 'https://img.example/p3.jpg', stock: 2, precios: { precio_lista: 2499.9 } },
]

describe('home page', () => {
  it('shows the banner, the category offers and the featured products', async () => {
    const { calls } = mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': json({ products: productos, meta: { hasMore: false } }),
    })
    renderApp('/')

    expect(await screen.findByText('Envío gratis en compras mayores a $9999')).toBeInTheDocument()
    const offers = screen.getByRole('region', { name: 'Ofertas por categoría' })
    expect(within(offers).getAllByRole('link').map((a) => a.querySelector('span span')?.textContent)).toEqual([
      'Video Vigilancia',
      'Tech Store',
      'Acesorios',
    ])

    const featured = screen.getByRole('region', { name: 'Productos Destacados' })
    const card = await within(featured).findByRole('link', { name: /Cámara IP Bullet/ })
    expect(card).toHaveAttribute('href', '/product/p1')
    expect(within(card).getByRole('heading')).toHaveTextContent('Cámara IP Bullet 4MP con visió…')
    expect(within(card).getByText('$1,350.00')).toBeInTheDocument()
    expect(within(card).getByText('$1,500.00')).toHaveClass('line-through')

    expect(within(featured).getByRole('link', { name: /Cable UTP Cat6/ })).toHaveTextContent('$2,499.90')
    expect(within(featured).queryByText(/Router WiFi 6/)).toBeNull()

    const list = calls.find((c) => new URL(c.url).pathname === '/v1/productos')
    expect(new URL(list!.url).search).toBe('?page=1&limit=24&compact=1')
  })

  it('shows eight skeleton cards while the products load', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': () => new Promise<Response>(() => {}),
    })
    renderApp('/')
    expect(await screen.findAllByTestId('product-skeleton')).toHaveLength(8)
  })

  it('shows a friendly Spanish message when the products cannot be loaded', async () => {
    mockServer({
      'GET /v1/config': json(sampleConfig),
      'GET /v1/productos': json({ error: { code: 'internal', message: 'x' } }, 500),
    })
    renderApp('/')
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar los productos')
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument()
  })
})
