/** One backup as `GET /v1/respaldos` lists it. */
export type Respaldo = {
  /** The backup's name, e.g. "respaldo-20261127-213000" (what `tienda restaurar` takes). */
  nombre: string
  /** When it was taken (RFC 3339). */
  fecha: string
  /** Its size on disk. */
  bytes: number
}

/** `GET /v1/respaldos`: the backups, newest first, and the schedule; on MongoDB only a message. */
export type RespaldosInfo = {
  disponible: boolean
  /** Hours between automatic backups (RESPALDO_CADA). */
  cadaHoras?: number
  /** How many are kept (RESPALDO_CONSERVAR). */
  conservar?: number
  /** Why backups are not taken here (MongoDB), in Spanish. */
  mensaje?: string
  respaldos: Respaldo[]
}
