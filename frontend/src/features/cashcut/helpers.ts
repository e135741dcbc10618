import { formatMoney } from '@/lib/money'
import type { Corte } from '@/features/cashcut/types'

export const EMPTY_BY_METHOD = 'No hay ventas pendientes de corte por método de pago.'
export const EMPTY_BY_USUARIO = 'No hay ventas pendientes de corte por usuario.'

/** Adds peso amounts exactly (in centavos) so the total matches its lines to the centavo. */
export function sumPesos(amounts: number[]): number {
  return amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100
}

/** The printable view of the pending totals, or of one cut. */
export function printUrl(id?: string): string {
  return id ? `/corte/print?id=${encodeURIComponent(id)}` : '/corte/print'
}

/** Opens the printable view in a new tab. */
export function openPrint(id?: string) {
  window.open(printUrl(id), '_blank')
}

/** 'Sobrante', 'Faltante' or 'Sin diferencia' for counted minus expected cash. */
export function differenceLabel(diferencia: number): string {
  if (diferencia > 0) return 'Sobrante'
  if (diferencia < 0) return 'Faltante'
  return 'Sin diferencia'
}

/** Reads an amount of pesos typed by staff: '' is none; otherwise pesos with up to 2 decimals. */
export function parseAmount(text: string): { value?: number; problem?: string } {
  const clean = text.trim().replace(/[$\s]/g, '').replace(/,(?=\d{3}\b)/g, '')
  if (clean === '') return {}
  const normal = clean.replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(normal) || Number(normal) > 100_000_000) {
    return { problem: 'Escribe un importe en pesos, por ejemplo 1250.50.' }
  }
  return { value: Number(normal) }
}

/** The cut's title: 'Corte #3' when the server numbers it. */
export function corteTitle(corte: Pick<Corte, 'numero'>): string {
  return corte.numero ? `Corte #${corte.numero}` : 'Corte de caja'
}

/** The MXN bills and coins a drawer holds, in the order they are counted. */
export const DENOMINACIONES: { tipo: 'billete' | 'moneda'; valor: number }[] = [
  { tipo: 'billete', valor: 1000 },
  { tipo: 'billete', valor: 500 },
  { tipo: 'billete', valor: 200 },
  { tipo: 'billete', valor: 100 },
  { tipo: 'billete', valor: 50 },
  { tipo: 'billete', valor: 20 },
  { tipo: 'moneda', valor: 20 },
  { tipo: 'moneda', valor: 10 },
  { tipo: 'moneda', valor: 5 },
  { tipo: 'moneda', valor: 2 },
  { tipo: 'moneda', valor: 1 },
  { tipo: 'moneda', valor: 0.5 },
]

/** 'Billete de $1,000.00', 'Moneda de $0.50'. */
export function denominationLabel(d: { tipo: 'billete' | 'moneda'; valor: number }): string {
  return `${d.tipo === 'billete' ? 'Billete' : 'Moneda'} de ${formatMoney(d.valor)}`
}

/** What a count's pieces typed so far say: the whole pieces of each denomination, or the problem. */
export function readPieces(text: string): { value?: number; problem?: string } {
  const clean = text.trim()
  if (clean === '') return { value: 0 }
  if (!/^\d{1,6}$/.test(clean) || Number(clean) > 100_000) {
    return { problem: 'Escribe cuántas piezas contaste: un número entero de 0 a 100,000.' }
  }
  return { value: Number(clean) }
}

/** The pieces typed of each denomination (DENOMINACIONES' order); all '' is "not counted". */
export type Pieces = string[]

export const NO_PIECES: Pieces = DENOMINACIONES.map(() => '')

/** Whether anything was typed in a count. */
export function counted(pieces: Pieces): boolean {
  return pieces.some((p) => p.trim() !== '')
}

/** Why 'Hacer corte' is disabled when there is nothing to close. */
export const NOTHING_FOR_CORTE = 'No hay ventas ni movimientos de caja pendientes de corte.'

/** The value of a count (pieces typed per denomination, in DENOMINACIONES' order), exact to the centavo. */
export function countTotal(pieces: string[]): number {
  let cents = 0
  DENOMINACIONES.forEach((d, i) => {
    cents += Math.round(d.valor * 100) * (readPieces(pieces[i] ?? '').value ?? 0)
  })
  return cents / 100
}

/** The labels of the drawer movements. */
export const MOVIMIENTO_LABELS = {
  fondo: 'Fondo de caja',
  retiro: 'Retiro de efectivo',
  deposito: 'Depósito de efectivo',
} as const

/**
 * A new movement's `_id`, chosen when its form opens (an ObjectID: 4 bytes of seconds, 8 random),
 * so that sending it again after a lost answer records it once.
 */
export function newMovimientoId(): string {
  const seconds = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0')
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('')
  return seconds + random
}
