/** One field of a record before and after a change ('' is no value: created, deleted, emptied). */
export type AuditoriaChange = { campo: string; antes: string; despues: string }

/** The audited collections (`coleccion`). */
export type AuditoriaCollection = 'productos' | 'discounts' | 'usuarios' | 'ventas'

/** One entry of the audit trail as `GET /v1/auditoria` returns it. */
export type AuditoriaEntry = {
  _id: string
  coleccion: AuditoriaCollection | string
  registroId: string
  /** Readable label of the record: product or discount name, e-mail, folio. */
  registro: string
  /** crear, actualizar, eliminar, cambiar_rol, cambiar_estado, cambiar_contrasena. */
  accion: string
  usuarioId: string
  nombreUsuario: string
  /** ISO time (UTC). */
  fecha: string
  cambios: AuditoriaChange[]
}

export type AuditoriaPage = {
  entradas: AuditoriaEntry[]
  meta: { page: number; limit: number; total: number; hasMore: boolean }
}

/** Filters of the 'Auditoría' screen ('' is not set); dates are YYYY-MM-DD in Mexico City, both days included. */
export type AuditoriaFilters = {
  /** An AuditoriaCollection, or '' for all. */
  coleccion: string
  /** The record's id, or part of its name, e-mail or folio. */
  registro: string
  /** The user's id, or part of their name. */
  usuario: string
  desde: string
  hasta: string
}

export type AuditoriaListArgs = AuditoriaFilters & { page: number; limit: number }
