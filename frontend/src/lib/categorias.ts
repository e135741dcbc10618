import { api } from '@/lib/api'
import { registerErrorMessages } from '@/lib/error-messages'

/** The default name of the shop until `GET /v1/config` answers. */
export const DEFAULT_SHOP_NAME = 'Tienda de Seguridad y Redes'

/** One category of the shop's tree, as `GET /v1/categorias` answers it. */
export type Categoria = {
  id: string
  nombre: string
  /** The parent's id; '' at the top. */
  padre: string
  orden: number
  /** One of CATEGORIA_ICON_NAMES. */
  icono: string
  /** '#rrggbb' */
  color: string
  /** A card of the storefront's category strip. */
  tarjeta: boolean
  /** Its name in the header menus and the side menu; '' when it is not there. */
  menu: string
  /** Earlier names and links that still lead to it (lower case, no accents). */
  alias?: string[]
}

/** A category with how many products it holds (`GET /v1/admin/categorias`). */
export type CategoriaAdmin = Categoria & { productos: number }

/** What the 'Categorías' screen sends to create or edit one. */
export type CategoriaInput = Partial<Pick<Categoria, 'nombre' | 'padre' | 'icono' | 'color' | 'tarjeta' | 'menu'>>

/** The page of a category: `/busqueda/{id}`. */
export const categoriaPath = (id: string) => `/busqueda/${encodeURIComponent(id)}`

/** Lower case without accents, as the server compares names. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase().trim()
}

/** The strip's cards, in the tree's order. */
export const storeCards = (cs: readonly Categoria[]) => cs.filter((c) => c.tarjeta)

/** The menus' tiles, in the tree's order, each with its menu name. */
export const menuTiles = (cs: readonly Categoria[]) => cs.filter((c) => c.menu.trim() !== '')

/** How deep a category is (0 at the top). The list comes depth-first from the server. */
export function depthOf(cs: readonly Categoria[], c: Categoria): number {
  const byId = new Map(cs.map((x) => [x.id, x]))
  let depth = 0
  let p = c.padre ? byId.get(c.padre) : undefined
  while (p && depth < cs.length) {
    depth++
    p = p.padre ? byId.get(p.padre) : undefined
  }
  return depth
}

/** The options of a category select, indented by depth ('— ' per level), in the tree's order. */
export function categoriaOptions(cs: readonly Categoria[]): { value: string; label: string }[] {
  return cs.map((c) => ({ value: c.id, label: `${'— '.repeat(depthOf(cs, c))}${c.nombre}` }))
}

/**
 * The category a page id or a product's categoria names, as the server resolves it: its id, else
 * (ignoring case and accents) its id, a name no other category has, or an earlier name or link.
 */
export function resolveCategoria(cs: readonly Categoria[], id: string): Categoria | undefined {
  const exact = cs.find((c) => c.id === id)
  if (exact) return exact
  const k = fold(id)
  const byId = cs.find((c) => fold(c.id) === k)
  if (byId) return byId
  const named = cs.filter((c) => fold(c.nombre) === k)
  if (named.length === 1) return named[0]
  return cs.find((c) => c.alias?.includes(k))
}

export const categoriasApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /v1/categorias`: the tree the storefront's strip, menus and the product form draw. */
    listCategorias: build.query<Categoria[], void>({
      query: () => 'categorias',
      transformResponse: (body: { categorias?: Categoria[] }) => body?.categorias ?? [],
      providesTags: ['Categoria'],
    }),
  }),
})

registerErrorMessages({ listCategorias: 'Error al obtener las categorías' })

export const { useListCategoriasQuery } = categoriasApi
