import type { PlanImportacion, TrabajoImportacion } from '@/features/catalog-admin/importacion-api'

/** The rows of a product, for the tables: "Fila 3" or "Filas 3, 4". */
export function filasText(filas: number[]): string {
  return `${filas.length === 1 ? 'Fila' : 'Filas'} ${filas.join(', ')}`
}

/** The one-line summary of a plan. */
export function planSummary(p: PlanImportacion): string {
  return `${p.nuevos.length} nuevos · ${p.cambios.length} con cambios · ${p.sinCambios.length} sin cambios · ${p.rechazados.length} filas rechazadas`
}

/** The one-line summary of a finished import. */
export function resultSummary(r: TrabajoImportacion): string {
  return `Importación terminada: ${r.creados} productos creados, ${r.actualizados} actualizados (${r.ajustes} ajustes de existencias), ${r.sinCambios} sin cambios y ${r.numRechazados} filas rechazadas.`
}

/** The progress of a running import: "Importando… 1,200 de 20,000 productos (6 %)". */
export function progressText(j: TrabajoImportacion): string {
  if (j.estado === 'pendiente' || j.total === 0) return `Preparando la importación de ${filas(j.filas)}…`
  return `Importando… ${n(j.hechos)} de ${n(j.total)} productos (${progressPct(j)} %)`
}

/** The share of a running import done, 0 to 100. */
export function progressPct(j: TrabajoImportacion): number {
  return j.total > 0 ? Math.floor((j.hechos / j.total) * 100) : 0
}

function n(v: number): string {
  return v.toLocaleString('es-MX')
}

function filas(v: number): string {
  return v === 1 ? '1 fila' : `${n(v)} filas`
}
