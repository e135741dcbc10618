import type { AuditoriaCollection, AuditoriaFilters } from '@/features/audit/types'

/** The audited collections as the screen names them, in the filter's order. */
export const COLLECTIONS: readonly { value: AuditoriaCollection; label: string }[] = [
  { value: 'productos', label: 'Productos' },
  { value: 'discounts', label: 'Descuentos' },
  { value: 'usuarios', label: 'Usuarios' },
  { value: 'ventas', label: 'Ventas' },
]

/** Every change, of every collection and user, of any day. */
export const AUDITORIA_DEFAULTS: AuditoriaFilters = { coleccion: '', registro: '', usuario: '', desde: '', hasta: '' }

const COLLECTION_LABEL: Record<string, string> = Object.fromEntries(COLLECTIONS.map((c) => [c.value, c.label]))

const ACTION_LABEL: Record<string, string> = {
  crear: 'Creación',
  actualizar: 'Modificación',
  eliminar: 'Eliminación',
  cambiar_rol: 'Cambio de rol',
  cambiar_estado: 'Cambio de estado',
  cambiar_contrasena: 'Cambio de contraseña',
}

export function collectionLabel(coleccion: string): string {
  return COLLECTION_LABEL[coleccion] ?? coleccion
}

export function actionLabel(accion: string): string {
  return ACTION_LABEL[accion] ?? accion
}

/** A value before or after a change; an empty one is shown as a dash. */
export function shownValue(value: string): string {
  return value === '' ? '—' : value
}

/** The stored fields' names as the screen says them; a field not listed shows its stored name. */
const FIELD_LABEL: Record<string, string> = {
  // products
  nombre: 'Nombre',
  titulo: 'Título',
  descripcion: 'Descripción',
  descripcionCorta: 'Descripción corta',
  categoria: 'Categoría',
  categorias: 'Categorías del proveedor',
  proveedor: 'Proveedor',
  favorito: 'Favorito',
  fechaCompra: 'Fecha de compra',
  imagen: 'Imagen',
  stock: 'Existencias',
  minimo: 'Mínimo',
  marca: 'Marca',
  marca_logo: 'Logo de la marca',
  modelo: 'Modelo',
  garantia: 'Garantía',
  sat_key: 'Clave SAT',
  'unidad_de_medida.clave_unidad_sat': 'Unidad de medida SAT',
  producto_id: 'Id del proveedor',
  largo: 'Largo',
  ancho: 'Ancho',
  alto: 'Alto',
  'precios.precio_lista': 'Precio de lista',
  'precios.precio_1': 'Precio 1',
  'precios.precio_descuento': 'Precio con descuento',
  'precios.precio_oferta': 'Precio de oferta',
  descuento: 'Descuento',
  precioCompra: 'Precio de compra',
  precioVenta: 'Precio de venta',
  precio: 'Precio',
  // discounts
  name: 'Nombre',
  description: 'Descripción',
  percentage: 'Porcentaje',
  expirationDate: 'Fecha de expiración',
  // accounts
  email: 'Correo electrónico',
  phone: 'Teléfono',
  address: 'Dirección',
  rol: 'Rol',
  status: 'Estado',
  password: 'Contraseña',
  // orders
  pago: 'Pago',
  metodoPago: 'Método de pago',
  entrega: 'Entrega',
  envio: 'Envío',
  observaciones: 'Observaciones',
}

const PART_LABEL: Record<string, string> = { variante: 'Variante', extra: 'Extra', entregado: 'Entregado' }

/**
 * A changed field as the screen says it: "precioVenta" is 'Precio de venta', "variante Grande ·
 * precioVenta" 'Variante Grande · Precio de venta', "entregado Cámara" 'Entregado Cámara'.
 */
export function fieldLabel(campo: string): string {
  const at = campo.lastIndexOf(' · ')
  if (at >= 0) {
    const part = campo.slice(0, at)
    const word = part.split(' ')[0]
    const named = PART_LABEL[word] ? PART_LABEL[word] + part.slice(word.length) : part
    return `${named} · ${fieldLabel(campo.slice(at + 3))}`
  }
  if (FIELD_LABEL[campo]) return FIELD_LABEL[campo]
  const word = campo.split(' ')[0]
  return PART_LABEL[word] ? PART_LABEL[word] + campo.slice(word.length) : campo
}
