import { describe, expect, it } from 'vitest'
import { IMAGE_WIDTHS, imageSources } from '@/lib/images'

const id = '0123456789abcdef0123456789abcdef'
const at = (size: number, ext: string) => `/v1/imagenes/${id}/${size}.${ext}`

describe('imageSources', () => {
  it('lists every stored size of an upload, WebP and JPEG, with its width', () => {
    expect(imageSources(`/v1/imagenes/${id}`)).toEqual({
      srcset: `${at(160, 'webp')} 160w, ${at(320, 'webp')} 320w, ${at(480, 'webp')} 480w, ${at(800, 'webp')} 800w, ${at(1200, 'webp')} 1200w`,
      jpegSrcset: `${at(160, 'jpg')} 160w, ${at(320, 'jpg')} 320w, ${at(480, 'jpg')} 480w, ${at(800, 'jpg')} 800w, ${at(1200, 'jpg')} 1200w`,
      src: at(1200, 'jpg'),
    })
    expect(IMAGE_WIDTHS).toEqual([160, 320, 480, 800, 1200])
  })

  it.each([
    undefined,
    '',
    'https://proveedor.example/camara.jpg',
    '/v1/imagenes/demo/producto-000.svg',
    `/v1/imagenes/${id}/480.webp`,
    `/v1/imagenes/${id.toUpperCase()}`,
    `/v1/imagenes/${id}?v=2`,
    `https://otra.example/v1/imagenes/${id}`,
  ])('leaves %s as it is', (url) => {
    expect(imageSources(url)).toBeUndefined()
  })
})
