import { ADMIN_CATEGORIES } from '@/lib/categories'
import { shopToday } from '@/lib/dates'
import type { ProductoAdmin } from '@/lib/product'

/** The admin form's categories. */
export const CATEGORIAS = ADMIN_CATEGORIES

/** Sizes. */
export const TALLAS = ['Unico', 'Grande', 'Mediano', 'Chico'] as const

export type VarianteForm = {
  _id?: string
  talla: string
  tamano: string
  stock: string
  /** Whole units: at or below it the variant is on 'Bajo inventario' (0: no minimum). */
  minimo: string
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
  /** Clave SAT (c_ClaveProdServ, 8 digits); '' takes the shop's generic key on a CFDI. */
  satKey: string
  /** Unidad SAT (c_ClaveUnidad, e.g. H87 Pieza); '' takes H87. */
  claveUnidad: string
  favorito: boolean
  fechaCompra: string
  imagen: string
  descuentoId: string
  variantes: VarianteForm[]
  extras: ExtraForm[]
}

/** A new variant's defaults: Grande, 32, stock 5, purchase 100, sale 150, discount 0; no minimum. */
export const newVariant = (): VarianteForm => ({
  talla: 'Grande',
  tamano: '32',
  stock: '5',
  minimo: '0',
  precioCompra: '100',
  precioVenta: '150',
  descuento: '0',
})
/** A new extra's defaults. */
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
    satKey: '',
    claveUnidad: 'H87',
    favorito: false,
    fechaCompra: shopToday(),
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
    satKey: p.sat_key ?? '',
    claveUnidad: p.unidad_de_medida?.clave_unidad_sat ?? '',
    favorito: Boolean(p.favorito),
    fechaCompra: p.fechaCompra ? p.fechaCompra.slice(0, 10) : '',
    imagen: p.imagen ?? '',
    descuentoId: p.descuentoId ?? '',
    variantes: (p.variantes ?? []).map((v) => ({
      _id: v._id,
      talla: v.talla ?? 'Unico',
      tamano: String(v.tamano ?? ''),
      stock: String(v.stock ?? 0),
      minimo: String(v.minimo ?? 0),
      precioCompra: String(v.precioCompra ?? 0),
      precioVenta: String(v.precioVenta ?? 0),
      descuento: String(v.descuento ?? 0),
    })),
    extras: (p.extras ?? []).map((e) => ({ _id: e._id, nombre: e.nombre, precio: String(e.precio) })),
  }
}

/** Whole units ('12'); pesos with up to two decimals ('1299.90'); a percentage from 0 to 100. */
const WHOLE = /^\d{1,7}$/
const PESOS = /^\d{1,8}(\.\d{1,2})?$/
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/
/** The shapes of the SAT's keys; the server checks them against its catalogues. */
const SAT_KEY = /^\d{8}$/
const UNIT_KEY = /^[A-Za-z0-9]{1,3}$/

/** The number a checked field holds; null when empty or not a number (the server then says why). */
const num = (s: string) => {
  const t = s.trim()
  return t === '' || !/^\d+(\.\d+)?$/.test(t) ? null : Number(t)
}

/** Stock is the sum of the variants' stock. */
export const totalStock = (f: ProductForm) =>
  f.variantes.reduce((sum, v) => sum + (WHOLE.test(v.stock.trim()) ? Number(v.stock) : 0), 0)

/**
 * The form's numbers, checked before anything is sent: '12.5x' or '1299.999' is refused with a
 * Spanish message that names the field, never rounded or cut. Keys are the server's field names.
 */
export function checkNumbers(f: ProductForm): Record<string, string> {
  const errors: Record<string, string> = {}
  const pesos = (key: string, value: string, label: string, required: boolean) => {
    const t = value.trim()
    if (t === '' && !required) return
    if (t === '') errors[key] = `${label}: este campo es obligatorio.`
    else if (!PESOS.test(t)) errors[key] = `${label}: escribe un importe en pesos con hasta dos decimales, por ejemplo 1299.90.`
  }
  f.variantes.forEach((v, i) => {
    const of = `de la variante ${i + 1}`
    if (!WHOLE.test(v.stock.trim())) errors[`variantes[${i}].stock`] = `Existencias ${of}: escribe un número entero de piezas, por ejemplo 12.`
    const m = v.minimo.trim()
    if (m !== '' && !WHOLE.test(m)) errors[`variantes[${i}].minimo`] = `Mínimo ${of}: escribe un número entero de piezas, por ejemplo 5.`
    pesos(`variantes[${i}].precioCompra`, v.precioCompra, `Precio de compra ${of}`, false)
    pesos(`variantes[${i}].precioVenta`, v.precioVenta, `Precio de venta ${of}`, true)
    const d = v.descuento.trim()
    if (d !== '' && (!PERCENT.test(d) || Number(d) > 100)) errors[`variantes[${i}].descuento`] = `Descuento ${of}: escribe un porcentaje de 0 a 100.`
  })
  f.extras.forEach((e, i) => pesos(`extras[${i}].precio`, e.precio, `Precio del extra ${i + 1}`, true))
  const sat = f.satKey.trim()
  if (sat !== '' && !SAT_KEY.test(sat)) errors.sat_key = 'Clave SAT: escribe los 8 dígitos de la clave del catálogo del SAT, por ejemplo 43222610.'
  const unidad = f.claveUnidad.trim()
  if (unidad !== '' && !UNIT_KEY.test(unidad))
    errors['unidad_de_medida.clave_unidad_sat'] = 'Unidad SAT: escribe la clave de unidad del SAT, por ejemplo H87 (Pieza) o E48 (Unidad de servicio).'
  return errors
}

/** The request body of a form checkNumbers passed; the server checks everything again. */
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
    sat_key: f.satKey.trim(),
    unidad_de_medida: { clave_unidad_sat: f.claveUnidad.trim().toUpperCase() },
    favorito: f.favorito,
    fechaCompra: f.fechaCompra,
    imagen: f.imagen,
    descuentoId: f.descuentoId,
    stock: totalStock(f),
    variantes: f.variantes.map((v) => ({
      ...(v._id ? { _id: v._id } : {}),
      talla: v.talla,
      tamano: v.tamano,
      stock: num(v.stock),
      minimo: num(v.minimo) ?? 0,
      precioCompra: num(v.precioCompra),
      precioVenta: num(v.precioVenta),
      descuento: num(v.descuento),
    })),
    extras: f.extras.map((e) => ({ ...(e._id ? { _id: e._id } : {}), nombre: e.nombre, precio: num(e.precio) })),
    ...(version !== undefined ? { version } : {}),
  }
}

/** Images the server accepts (it checks again). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp']
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
