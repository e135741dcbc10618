import type { Corte } from '@/features/cashcut/types'

export const EMPTY_BY_METHOD = 'No hay ventas pendientes de corte por método de pago.'
export const EMPTY_BY_USER = 'No hay ventas pendientes de corte por usuario.'

/** Adds peso amounts exactly (in centavos) so the total matches its lines to the centavo. */
export function sumPesos(amounts: number[]): number {
  return amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100
}

/** The printable view of the pending totals, or of one cut. */
export function printUrl(id?: string): string {
  return id ? `/corte/print?id=${encodeURIComponent(id)}` : '/corte/print'
}

/** Opens the printable view in a new tab (SPEC §2 'Imprimir'). */
export function openPrint(id?: string) {
  window.open(printUrl(id), '_blank')
}

/** 'Sobrante', 'Faltante' or 'Sin diferencia' for counted minus expected cash. */
export function differenceLabel(diferencia: number): string {
  if (diferencia > 0) return 'Sobrante'
  if (diferencia < 0) return 'Faltante'
  return 'Sin diferencia'
}

/** Reads the cash the cashier counted: '' is "not counted"; otherwise pesos with up to 2 decimals. */
export function parseCounted(text: string): { value?: number; problem?: string } {
  const clean = text.trim().replace(/[$\s]/g, '').replace(/,(?=\d{3}\b)/g, '')
  if (clean === '') return {}
  const normal = clean.replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(normal) || Number(normal) > 100_000_000) {
    return { problem: 'El efectivo contado debe ser un importe en pesos, por ejemplo 1250.50.' }
  }
  return { value: Number(normal) }
}

/** The cut's title: 'Corte #3' when the server numbers it. */
export function cutTitle(cut: Pick<Corte, 'numero'>): string {
  return cut.numero ? `Corte #${cut.numero}` : 'Corte de caja'
}
