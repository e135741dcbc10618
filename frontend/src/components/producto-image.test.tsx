import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ProductoImage } from '@/components/producto-image'
import { PRODUCTO_CARD_IMAGE_SIZES, PRODUCTO_MAIN_IMAGE_SIZES } from '@/lib/images'

const upload = '/v1/imagenes/0123456789abcdef0123456789abcdef'

describe('ProductoImage', () => {
  it('offers an upload in its sizes, WebP first, lazily, in a square box', () => {
    const { container } = render(<ProductoImage src={upload} alt="Cámara IP" />)
    const img = screen.getByRole('img', { name: 'Cámara IP' })
    const source = container.querySelector('picture > source')
    expect(source).toHaveAttribute('type', 'image/webp')
    expect(source?.getAttribute('srcset')).toContain(`${upload}/480.webp 480w`)
    expect(source).toHaveAttribute('sizes', PRODUCTO_CARD_IMAGE_SIZES)
    expect(img.getAttribute('srcset')).toContain(`${upload}/480.jpg 480w`)
    expect(img).toHaveAttribute('src', `${upload}/1200.jpg`)
    expect(img).toHaveAttribute('sizes', PRODUCTO_CARD_IMAGE_SIZES)
    expect(img).toHaveAttribute('loading', 'lazy')
    expect(img).not.toHaveAttribute('fetchpriority')
    expect(img.getAttribute('width')).toBe(img.getAttribute('height'))
  })

  it('loads the page’s main picture at once and first', () => {
    const { container } = render(<ProductoImage src={upload} alt="Cámara" priority sizes={PRODUCTO_MAIN_IMAGE_SIZES} />)
    const img = screen.getByRole('img', { name: 'Cámara' })
    expect(img).toHaveAttribute('loading', 'eager')
    expect(img).toHaveAttribute('fetchpriority', 'high')
    expect(container.querySelector('source')).toHaveAttribute('sizes', PRODUCTO_MAIN_IMAGE_SIZES)
  })

  it.each(['https://proveedor.example/radio.jpg', '/v1/imagenes/demo/producto-003.svg'])(
    'shows %s as it is',
    (src) => {
      const { container } = render(<ProductoImage src={src} alt="Radio" />)
      const img = screen.getByRole('img', { name: 'Radio' })
      expect(img).toHaveAttribute('src', src)
      expect(img).not.toHaveAttribute('srcset')
      expect(img).not.toHaveAttribute('sizes')
      expect(img).toHaveAttribute('width')
      expect(container.querySelector('picture')).toBeNull()
    },
  )

  it('says so when the picture fails or is missing', () => {
    const { rerender } = render(<ProductoImage src={upload} alt="Cámara" />)
    fireEvent.error(screen.getByRole('img', { name: 'Cámara' }))
    expect(screen.getByText('Imagen no disponible')).toBeInTheDocument()
    rerender(<ProductoImage alt="Cámara" />)
    expect(screen.getByText('Imagen no disponible')).toBeInTheDocument()
  })
})
