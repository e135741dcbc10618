/** The category tiles of the shop menus, each going to `/busqueda/{slug}`. */
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

/** The storefront's category strip: each card filters by its id on the server. */
export const STORE_CATEGORIES = [
  { id: '22', nombre: 'Videovigilancia' },
  { id: '25', nombre: 'Radiocomunicación' },
  { id: '26', nombre: 'Redes e IT' },
  { id: '66523', nombre: 'Audio y Video' },
  { id: '66630', nombre: 'Robots e Industrial' },
  { id: '65747', nombre: 'Marketing' },
  { id: '27', nombre: 'IoT / GPS / Telemática y Señalización Audiovisual' },
  { id: '30', nombre: 'Energía / Herramientas' },
  { id: '32', nombre: 'Automatización e Intrusión' },
  { id: '37', nombre: 'Control de Acceso' },
  { id: '38', nombre: 'Detección de Fuego' },
  { id: '65811', nombre: 'Cableado Estructurado' },
] as const

/** The admin form's categories; `/busqueda/{name}` lists one of them too. */
export const ADMIN_CATEGORIES = [
  'Camaras y DVRs HD',
  'Camaras IP y NVRs',
  'Routers',
  'Switches',
  'Accesorios',
  'Cables',
  'Enlaces inalambricos',
  'Servidores',
  'Almacenamiento',
  'Audio',
  'Video',
  'Redes',
  'Seguridad',
  'Energia Solar',
  'Otros',
] as const

/**
 * The heading of `/busqueda/{id}` for a menu slug or an admin category (either case, as the
 * server matches them); undefined for an id the shop does not know.
 */
export function categoryName(id: string): string | undefined {
  const key = id.trim().toLowerCase()
  return (
    MENU_CATEGORIES.find((c) => c.slug === key)?.nombre ?? ADMIN_CATEGORIES.find((name) => name.toLowerCase() === key)
  )
}

/** The default name of the shop until `GET /v1/config` answers. */
export const DEFAULT_SHOP_NAME = 'Tienda de Seguridad y Redes'
