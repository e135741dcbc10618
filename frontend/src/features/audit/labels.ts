import type { AuditCollection } from '@/features/audit/types'

/** The audited collections as the screen names them, in the filter's order. */
export const COLLECTIONS: readonly { value: AuditCollection; label: string }[] = [
  { value: 'productos', label: 'Productos' },
  { value: 'discounts', label: 'Descuentos' },
  { value: 'usuarios', label: 'Usuarios' },
  { value: 'ventas', label: 'Ventas' },
]

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
