import { ESTADOS, TONES, type Tone } from '@/features/invoicing/staff/labels'
import type { FacturaEstado } from '@/features/invoicing/types'

/** The estado of a factura as a small coloured chip (`data-tone` for tests). */
export function EstadoBadge({ estado }: { estado: FacturaEstado | string }) {
  const known = ESTADOS[estado as FacturaEstado] ?? { label: estado, tone: 'neutral' as Tone }
  return (
    <span
      data-tone={known.tone}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[known.tone]}`}
    >
      {known.label}
    </span>
  )
}
