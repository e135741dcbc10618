import { useAppSelector } from '@/lib/hooks'
import { selectRol } from '@/lib/session-slice'
import { CortePrintPage } from '@/features/cashcut/components/corte-print-page'
import { StaffGuard } from '@/features/staff/components/staff-guard'

/** `/corte/print`: its own bare route, guarded like the cash-cut screen. */
export function CortePrintRoot() {
  const rol = useAppSelector(selectRol)
  return (
    <StaffGuard rol={rol} screen="corte">
      <CortePrintPage />
    </StaffGuard>
  )
}
