import { useNavigate } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { selectRol, selectUser, signOut } from '@/lib/session-slice'
import { LowStockBadge } from '@/features/catalog-admin/components/low-stock-badge'
import { StaffLayout } from '@/features/staff/components/staff-layout'

/** The count of variants to restock beside 'Bajo inventario' (features do not import each other). */
const BADGES = { 'bajo-inventario': <LowStockBadge /> }

/** Connects the back office frame to the session and to catalog-admin's badge (loaded lazily with the staff screens). */
export function StaffRoot() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const rol = useAppSelector(selectRol)
  const user = useAppSelector(selectUser)
  return (
    <StaffLayout
      rol={rol}
      userName={user?.name ?? ''}
      badges={BADGES}
      onSignOut={() => {
        dispatch(signOut())
        navigate('/login')
      }}
    />
  )
}
