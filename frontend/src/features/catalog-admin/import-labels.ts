import type { PlanImport, ResultadoImport } from '@/features/catalog-admin/import-api'

/** The rows of a product, for the tables: "Fila 3" or "Filas 3, 4". */
export function filasText(filas: number[]): string {
  return `${filas.length === 1 ? 'Fila' : 'Filas'} ${filas.join(', ')}`
}

/** The one-line summary of a plan. */
export function planSummary(p: PlanImport): string {
  return `${p.nuevos.length} nuevos · ${p.cambios.length} con cambios · ${p.sinCambios.length} sin cambios · ${p.rechazados.length} filas rechazadas`
}

/** The one-line summary of an applied import. */
export function resultSummary(r: ResultadoImport): string {
  return `Importación terminada: ${r.creados} productos creados, ${r.actualizados} actualizados (${r.ajustes} ajustes de existencias), ${r.sinCambios} sin cambios y ${r.rechazados.length} filas rechazadas.`
}
