import { StatusChip } from '@/components/status-chip'
import { ESTADOS } from '@/features/invoicing/staff/labels'
import type { FacturaEstado } from '@/features/invoicing/types'

/** The estado of a factura as a status chip (`data-tone` for tests). */
export function EstadoBadge({ estado }: { estado: FacturaEstado | string }) {
  const known = ESTADOS[estado as FacturaEstado] ?? { label: estado, tone: 'neutral' as const }
  return <StatusChip tone={known.tone}>{known.label}</StatusChip>
}
