import { shopToday } from '@/lib/dates'
import type { ProductoAdmin, Recurso } from '@/lib/producto'


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

export type ProductoForm = {
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
  /** The brand's logo: a data URL just picked, one of our pictures or an http(s) address; '' none. */
  marcaLogo: string
  /** Dimensions in cm, as typed ('' = 0). */
  largo: string
  ancho: string
  alto: string
  /** Features, in the order the shop lists them. */
  caracteristicas: string[]
  recursos: Recurso[]
  /** Pictures in the shop's order (data URLs just picked or stored addresses); the first is the main one. */
  imagenes: string[]
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

export function emptyForm(): ProductoForm {
  return {
    nombre: '',
    descripcion: '',
    descripcionCorta: '',
    categoria: '',
    proveedor: '',
    marca: '',
    modelo: '',
    garantia: '',
    satKey: '',
    claveUnidad: 'H87',
    favorito: false,
    fechaCompra: shopToday(),
    marcaLogo: '',
    largo: '',
    ancho: '',
    alto: '',
    caracteristicas: [],
    recursos: [],
    imagenes: [],
    descuentoId: '',
    variantes: [newVariant()],
    extras: [],
  }
}

export function formFromProducto(p: ProductoAdmin): ProductoForm {
  return {
    nombre: p.nombre ?? p.titulo ?? '',
    descripcion: p.descripcion ?? '',
    descripcionCorta: p.descripcionCorta ?? '',
    categoria: p.categoria ?? '',
    proveedor: p.proveedor ?? '',
    marca: p.marca ?? '',
    modelo: p.modelo ?? '',
    garantia: p.garantia ?? '',
    satKey: p.sat_key ?? '',
    claveUnidad: p.unidad_de_medida?.clave_unidad_sat ?? '',
    favorito: Boolean(p.favorito),
    fechaCompra: p.fechaCompra ? p.fechaCompra.slice(0, 10) : '',
    marcaLogo: p.marca_logo ?? '',
    largo: p.largo ? String(p.largo) : '',
    ancho: p.ancho ? String(p.ancho) : '',
    alto: p.alto ? String(p.alto) : '',
    caracteristicas: p.details?.caracteristicas ?? [],
    recursos: (p.details?.recursos ?? []).map((r) => ({ nombre: r.nombre, link: r.link })),
    imagenes: p.details?.imagenes?.length ? p.details.imagenes : p.imagen ? [p.imagen] : [],
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
/** A dimension in cm: a number >= 0 with up to two decimals. */
const DIMENSION = /^\d{1,6}(\.\d{1,2})?$/
/** An http(s) address with a host. */
const WEB_LINK = /^https?:\/\/[^\s/."'<>][^\s"'<>]*$/i
const UNIT_KEY = /^[A-Za-z0-9]{1,3}$/

/** The number a checked field holds; null when empty or not a number (the server then says why). */
const num = (s: string) => {
  const t = s.trim()
  return t === '' || !/^\d+(\.\d+)?$/.test(t) ? null : Number(t)
}

/** A dimension as sent: '' is 0. */
const dimension = (s: string) => (s.trim() === '' ? 0 : Number(s.trim()))

/** Stock is the sum of the variants' stock. */
export const totalStock = (f: ProductoForm) =>
  f.variantes.reduce((sum, v) => sum + (WHOLE.test(v.stock.trim()) ? Number(v.stock) : 0), 0)

/**
 * The form's numbers, checked before anything is sent: '12.5x' or '1299.999' is refused with a
 * Spanish message that names the field, never rounded or cut. Also the dimensions, empty features,
 * resources without a name or an http(s) link, and two variants of the same talla and tamaño.
 * Keys are the server's field names.
 */
export function checkNumbers(f: ProductoForm): Record<string, string> {
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
  for (const [key, label] of [['largo', 'Largo'], ['ancho', 'Ancho'], ['alto', 'Alto']] as const) {
    const t = f[key].trim()
    if (t !== '' && (!DIMENSION.test(t) || Number(t) > 100000))
      errors[key] = `${label}: escribe una medida en centímetros mayor o igual a 0, por ejemplo 12.5.`
  }
  f.caracteristicas.forEach((c, i) => {
    if (c.trim() === '') errors[`details.caracteristicas[${i}]`] = `Característica ${i + 1}: escríbela o quítala de la lista.`
  })
  f.recursos.forEach((r, i) => {
    if (r.nombre.trim() === '') errors[`details.recursos[${i}].nombre`] = `Nombre del recurso ${i + 1}: escribe su nombre, por ejemplo «Hoja de datos».`
    if (!WEB_LINK.test(r.link.trim()))
      errors[`details.recursos[${i}].link`] = `Enlace del recurso ${i + 1}: escribe una dirección web completa que empiece con http:// o https://.`
  })
  f.variantes.forEach((v, i) => {
    const j = f.variantes.findIndex((w) => w.talla.trim().toLowerCase() === v.talla.trim().toLowerCase() && w.tamano.trim().toLowerCase() === v.tamano.trim().toLowerCase())
    if (j < i) errors[`variantes[${i}].tamano`] = `Variante ${i + 1}: repite la talla y el tamaño de la variante ${j + 1}; cambia uno de los dos o quítala.`
  })
  const sat = f.satKey.trim()
  if (sat !== '' && !SAT_KEY.test(sat)) errors.sat_key = 'Clave SAT: escribe los 8 dígitos de la clave del catálogo del SAT, por ejemplo 43222610.'
  const unidad = f.claveUnidad.trim()
  if (unidad !== '' && !UNIT_KEY.test(unidad))
    errors['unidad_de_medida.clave_unidad_sat'] = 'Unidad SAT: escribe la clave de unidad del SAT, por ejemplo H87 (Pieza) o E48 (Unidad de servicio).'
  return errors
}

/** The request body of a form checkNumbers passed; the server checks everything again. */
export function toBody(f: ProductoForm, version?: number): Record<string, unknown> {
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
    marca_logo: f.marcaLogo.trim(),
    largo: dimension(f.largo),
    ancho: dimension(f.ancho),
    alto: dimension(f.alto),
    // The pictures in order; the server makes the first the main picture (imagen).
    details: {
      caracteristicas: f.caracteristicas.map((c) => c.trim()),
      recursos: f.recursos.map((r) => ({ nombre: r.nombre.trim(), link: r.link.trim() })),
      imagenes: f.imagenes,
    },
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
/** Pictures a product may have (the server checks again). */
export const MAX_IMAGENES = 10

/** The list with the item at i moved by delta (-1 up, +1 down); unchanged at the ends. */
export function moved<T>(items: T[], i: number, delta: number): T[] {
  const j = i + delta
  if (j < 0 || j >= items.length) return items
  const next = [...items]
  ;[next[i], next[j]] = [next[j], next[i]]
  return next
}
