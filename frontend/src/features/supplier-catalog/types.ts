/** The margin rules: percentages over cost; `terminacion` is the price's ending in pesos (null: none). */
export type Reglas = {
  general: number
  minimo: number
  porCategoria: Record<string, number>
  porMarca: Record<string, number>
  terminacion: number | null
}

/** `GET /v1/proveedor/ajustes`: never the secret, only whether it is set and its last 4 characters. */
export type Ajustes = {
  configuradas: boolean
  /** Credentials are stored but the shop's secret changed since: the owner enters them again. */
  reingresar?: boolean
  clientIdFin?: string
  secretoFin?: string
  reglas: Reglas
  sincronizarCadaHoras: number
  ultimaSincronizacion?: string
}

export type Opcion = { id: string; nombre: string }

export type ProductoProveedor = {
  id: string
  modelo: string
  titulo: string
  marca: string
  imagen: string
  existencia: number
  importado: boolean
}

export type PaginaProductos = { cantidad: number; pagina: number; paginas: number; productos: ProductoProveedor[] }

export type Busqueda = { busqueda?: string; categoria?: string; marca?: string; pagina: number }

export type Seleccion = { categorias: string[]; marcas: string[]; productos: string[] }

export type EstadoImportacion = 'pendiente' | 'en_curso' | 'terminada' | 'fallida'

export type Importacion = {
  _id: string
  seleccion: Seleccion
  estado: EstadoImportacion
  total: number
  hechos: number
  creados: number
  fallidos: number
  errores: Record<string, string>
  mensaje?: string
  creada: string
  terminada?: string
}

export type Cambio = {
  _id: string
  fecha: string
  productoId: string
  producto: string
  nombre: string
  campo: 'precio' | 'existencia'
  antes: string
  despues: string
}

export type ResultadoSincronizacion = { revisados: number; cambiados: number; fallidos: number }
