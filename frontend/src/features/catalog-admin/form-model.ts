import { ADMIN_CATEGORIES } from '@/lib/categories'
import type { ProductoAdmin } from '@/lib/product'

/** The admin form's categories (SPEC §3). */
export const CATEGORIAS = ADMIN_CATEGORIES

/** Sizes (SPEC §3). */
export const TALLAS = ['Unico', 'Grande', 'Mediano', 'Chico'] as const

export type VarianteForm = {
  _id?: string
  talla: string
  tamano: string
  stock: string
  precioCompra: string
  precioVenta: string
  descuento: string
}
export type ExtraForm = { _id?: string; nombre: string; precio: string }

export type ProductForm = {
  nombre: string
  descripcion: string
  descripcionCorta: string
  categoria: string
  proveedor: string
  marca: string
  modelo: string
  garantia: string
  favorito: boolean
  fechaCompra: string
  imagen: string
  descuentoId: string
  variantes: VarianteForm[]
  extras: ExtraForm[]
}

/** A new variant's defaults (SPEC §3): Grande, 32, stock 5, purchase 100, sale 150, discount 0. */
export const newVariant = (): VarianteForm => ({
  talla: 'Grande',
  tamano: '32',
  stock: '5',
  precioCompra: '100',
  precioVenta: '150',
  descuento: '0',
})
/** A new extra's defaults (SPEC §3). */
export const newExtra = (): ExtraForm => ({ nombre: 'Extra Queso', precio: '100' })

export function emptyForm(): ProductForm {
  return {
    nombre: '',
    descripcion: '',
    descripcionCorta: '',
    categoria: CATEGORIAS[0],
    proveedor: '',
    marca: '',
    modelo: '',
    garantia: '',
    favorito: false,
    fechaCompra: new Date().toISOString().slice(0, 10),
    imagen: '',
    descuentoId: '',
    variantes: [newVariant()],
    extras: [],
  }
}

export function formFromProduct(p: ProductoAdmin): ProductForm {
  return {
    nombre: p.nombre ?? p.titulo ?? '',
    descripcion: p.descripcion ?? '',
    descripcionCorta: p.descripcionCorta ?? '',
    categoria: p.categoria ?? CATEGORIAS[0],
    proveedor: p.proveedor ?? '',
    marca: p.marca ?? '',
    modelo: p.modelo ?? '',
    garantia: p.garantia ?? '',
    favorito: Boolean(p.favorito),
    fechaCompra: p.fechaCompra ? p.fechaCompra.slice(0, 10) : '',
    imagen: p.imagen ?? '',
    descuentoId: p.descuentoId ?? '',
    variantes: (p.variantes ?? []).map((v) => ({
      _id: v._id,
      talla: v.talla ?? 'Unico',
      tamano: String(v.tamano ?? ''),
      stock: String(v.stock ?? 0),
      precioCompra: String(v.precioCompra ?? 0),
      precioVenta: String(v.precioVenta ?? 0),
      descuento: String(v.descuento ?? 0),
    })),
    extras: (p.extras ?? []).map((e) => ({ _id: e._id, nombre: e.nombre, precio: String(e.precio) })),
  }
}

/** Whole numbers as the original form parsed them; text that is no number is sent as null. */
const whole = (s: string) => {
  const n = Number.parseInt(s, 10)
  return Number.isNaN(n) ? null : n
}
const decimal = (s: string) => {
  const n = Number.parseFloat(s)
  return Number.isNaN(n) ? null : n
}

/** Stock is the sum of the variants' stock. */
export const totalStock = (f: ProductForm) => f.variantes.reduce((sum, v) => sum + (whole(v.stock) ?? 0), 0)

/** The request body (SPEC §3 admin form fields); the server checks everything again. */
export function toBody(f: ProductForm, version?: number): Record<string, unknown> {
  return {
    nombre: f.nombre,
    descripcion: f.descripcion,
    descripcionCorta: f.descripcionCorta,
    categoria: f.categoria,
    proveedor: f.proveedor,
    marca: f.marca,
    modelo: f.modelo,
    garantia: f.garantia,
    favorito: f.favorito,
    fechaCompra: f.fechaCompra,
    imagen: f.imagen,
    descuentoId: f.descuentoId,
    stock: totalStock(f),
    variantes: f.variantes.map((v) => ({
      ...(v._id ? { _id: v._id } : {}),
      talla: v.talla,
      tamano: v.tamano,
      stock: whole(v.stock),
      precioCompra: whole(v.precioCompra),
      precioVenta: whole(v.precioVenta),
      descuento: decimal(v.descuento),
    })),
    extras: f.extras.map((e) => ({ ...(e._id ? { _id: e._id } : {}), nombre: e.nombre, precio: whole(e.precio) })),
    ...(version !== undefined ? { version } : {}),
  }
}

/** Images the server accepts (it checks again). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp']
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
