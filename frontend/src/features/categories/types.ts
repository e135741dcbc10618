/** One category of the shop's tree, as `GET /v1/categorias` answers it. */
export type Categoria = {
  id: string
  nombre: string
  /** The parent's id; '' at the top. */
  padre: string
  orden: number
  /** One of CATEGORY_ICON_NAMES. */
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
