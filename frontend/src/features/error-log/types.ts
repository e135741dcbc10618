/** One stored entry as `GET /v1/logs` returns it: the browser's fields and the server's stamps. */
export type StoredLogEntry = {
  _id: string
  title: string
  error: string
  /** ISO time on the browser. */
  time: string
  origen: string
  /** Name stored in the browser. */
  user: string
  /** Server time of arrival. */
  receivedAt: string
  ip: string
  userId?: string
  userName?: string
  userEmail?: string
  userAgent?: string
  requestId?: string
}

export type ErrorLogPage = {
  logs: StoredLogEntry[]
  meta: { page: number; limit: number; hasMore: boolean }
}

/** Filters of the 'Registro de errores' screen; dates are YYYY-MM-DD (both days included). */
export type ErrorLogFilter = {
  desde?: string
  hasta?: string
  usuario?: string
  q?: string
  page?: number
}
