/**
 * The sizes the server stores every uploaded picture in: the side, in px, of the square it fits in
 * (never enlarged), each as WebP and JPEG at /v1/imagenes/{id}/{size}.webp|jpg.
 * modules/catalog/image_renditions.go has the same list (a Go test compares them).
 */
export const IMAGE_WIDTHS = [160, 320, 480, 800, 1200] as const

/**
 * The product page's main picture's width in its layout, as measured in Chromium at 390-1440 px
 * (modules/catalog/imageset.go has the same value, for the preload the server writes into the page).
 */
export const PRODUCTO_MAIN_IMAGE_SIZES =
  '(min-width: 1024px) 450px, (min-width: 768px) calc(50vw - 62px), calc(100vw - 66px)'

/** A product card's picture in the catalogue grids (2, 3, 4 and 6 columns), as measured in Chromium. */
export const PRODUCTO_CARD_IMAGE_SIZES =
  '(min-width: 1280px) 169px, (min-width: 1024px) calc(25vw - 46px), (min-width: 640px) calc(33.3vw - 47px), calc(50vw - 48px)'

/** The sizes of one uploaded picture, as srcset values. */
export type ImageSources = {
  /** The WebP sizes: '/v1/imagenes/{id}/160.webp 160w, ...'. */
  srcset: string
  /** The same sizes as JPEG, for browsers without WebP. */
  jpegSrcset: string
  /** The largest JPEG, for browsers that read no srcset. */
  src: string
}

const UPLOADED = /^\/v1\/imagenes\/([0-9a-f]{32})$/

/**
 * The sizes of a product's picture when it is one of the shop's uploads (`/v1/imagenes/{id}`);
 * undefined for any other address (a supplier's photo, a demo drawing), shown as it is.
 */
export function imageSources(url: string | undefined): ImageSources | undefined {
  const id = url ? UPLOADED.exec(url)?.[1] : undefined
  if (!id) return undefined
  const at = (size: number, ext: string) => `/v1/imagenes/${id}/${size}.${ext}`
  const list = (ext: string) => IMAGE_WIDTHS.map((size) => `${at(size, ext)} ${size}w`).join(', ')
  return { srcset: list('webp'), jpegSrcset: list('jpg'), src: at(IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1], 'jpg') }
}
