import { StatusChip } from '@/components/status-chip'

/** A return's nota de crédito as the sale's JSON carries it (`devoluciones[].notaCredito`). */
export type NotaDeCredito = { facturaId: string; uuid?: string; estado: 'timbrando' | 'valida' | 'rechazada' }

/**
 * Beside a return of an invoiced sale: 'Nota de crédito <UUID>' once stamped, or where it stands
 * ('Nota de crédito en timbrado', 'Nota de crédito rechazada: revisa Facturas'). Nothing for a return
 * that needs none.
 */
export function NotaCredito({ nota }: { nota?: NotaDeCredito | null }) {
  if (!nota) return null
  if (nota.estado === 'valida' && nota.uuid) {
    return (
      <span data-testid="nota-credito" className="text-xs text-slate-700">
        Nota de crédito <span className="font-mono break-all">{nota.uuid}</span>
      </span>
    )
  }
  const rechazada = nota.estado === 'rechazada'
  return (
    <span data-testid="nota-credito">
      <StatusChip tone={rechazada ? 'error' : 'info'}>
        {rechazada ? 'Nota de crédito rechazada: revisa Facturas' : 'Nota de crédito en timbrado'}
      </StatusChip>
    </span>
  )
}
