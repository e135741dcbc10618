import type { TipoAjuste, TipoMovimiento } from '@/features/catalog-admin/inventario-api'
import { formatCount } from '@/lib/money'

/** Each kind of movement as the back office names it. */
export const TIPO_MOVIMIENTO: Record<TipoMovimiento, string> = {
  venta: 'Venta',
  cancelacion: 'Cancelación',
  pago_no_recibido: 'Pago no recibido',
  entrada: 'Entrada de mercancía',
  merma: 'Merma',
  conteo: 'Conteo físico',
  devolucion: 'Devolución',
  edicion: 'Edición del producto',
}

/** The kinds of 'Ajustar inventario', in the dialog's order. */
export const TIPOS_AJUSTE: readonly { tipo: TipoAjuste; label: string; hint: string }[] = [
  { tipo: 'entrada', label: 'Entrada de mercancía', hint: 'Suma las piezas que llegaron.' },
  { tipo: 'merma', label: 'Merma', hint: 'Resta las piezas dañadas, perdidas o caducadas.' },
  {
    tipo: 'conteo',
    label: 'Conteo físico',
    hint: 'Las existencias pasan a ser las piezas contadas (sin las apartadas en órdenes por entregar).',
  },
  { tipo: 'devolucion', label: 'Devolución', hint: 'Suma las piezas que un cliente devolvió.' },
]

/** "+3", "-2", "0": a movement's quantity with its sign. */
export function signedUnits(n: number): string {
  return n > 0 ? `+${formatCount(n)}` : formatCount(n)
}

/** The units after an adjustment of `cantidad` from `stock`; null when it cannot be said yet. */
export function unitsAfter(tipo: TipoAjuste, stock: number, cantidad: number | null): number | null {
  if (cantidad === null) return null
  switch (tipo) {
    case 'merma':
      return stock - cantidad
    case 'conteo':
      return cantidad
    default:
      return stock + cantidad
  }
}

/**
 * "Grande · 32": a variant as the lists name it. The size 'Unico' is hidden, as on orders and tickets:
 * "1 pieza" for 'Unico' with a dimension, '' for the only variant ('Unico' without one).
 */
export function varianteLabel(v: { talla?: string; tamano?: string | number }): string {
  const talla = v.talla && v.talla !== 'Unico' ? v.talla : ''
  return [talla, String(v.tamano ?? '')].filter((x) => x.trim() !== '').join(' · ')
}

/** Whole units, as the server takes them. */
export const WHOLE_UNITS = /^\d{1,7}$/

export type Ajuste = { tipo: TipoAjuste; cantidad: string; motivo: string; stock: number }

/** The form's checks, in the server's words: nothing is sent until they pass. */
export function checkAjuste({ tipo, cantidad, motivo, stock }: Ajuste): Record<string, string> {
  const errors: Record<string, string> = {}
  const c = cantidad.trim()
  if (c === '') errors.cantidad = 'Escribe la cantidad de piezas.'
  else if (!WHOLE_UNITS.test(c)) errors.cantidad = 'Escribe un número entero de piezas, por ejemplo 12.'
  else if (tipo !== 'conteo' && Number(c) === 0) errors.cantidad = 'Debe ser un número entero mayor o igual a 1.'
  else if (tipo === 'merma' && Number(c) > stock)
    errors.cantidad = `Solo hay ${stock} piezas; la merma no puede dejar las existencias en negativo.`
  if (motivo.trim() === '') errors.motivo = 'Escribe el motivo del ajuste.'
  else if (motivo.trim().length > 300) errors.motivo = 'Debe tener como máximo 300 caracteres.'
  return errors
}
