/** The category tiles of the shop menus (SPEC §2), each going to `/busqueda/{slug}`. */
export const MENU_CATEGORIES = [
  { slug: 'video-vigilancia', nombre: 'Video Vigilancia' },
  { slug: 'energia', nombre: 'Energia' },
  { slug: 'accesorios', nombre: 'Accesorios' },
  { slug: 'routers', nombre: 'Routers' },
  { slug: 'drones', nombre: 'Drones' },
  { slug: 'cables', nombre: 'Cables' },
] as const

export type MenuCategorySlug = (typeof MENU_CATEGORIES)[number]['slug']

export const categoryPath = (slug: string) => `/busqueda/${slug}`

/** The display name of a menu slug, or the raw id for anything else. */
export function categoryName(id: string): string {
  return MENU_CATEGORIES.find((c) => c.slug === id)?.nombre ?? decodeURIComponent(id)
}

/** The default name of the shop until `GET /v1/config` answers. */
export const DEFAULT_SHOP_NAME = 'Tienda de Seguridad y Redes'
