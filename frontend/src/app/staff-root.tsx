import { useNavigate } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/lib/hooks'
import { selectRol, selectUsuario, signOut } from '@/lib/session-slice'
import { BajoInventarioBadge } from '@/features/catalog-admin/components/bajo-inventario-badge'
import { StaffLayout } from '@/features/staff/components/staff-layout'
import { useGetConfigQuery } from '@/lib/config-api'

/** The count of variants to restock beside 'Bajo inventario' (features do not import each other). */
const BADGES = { 'bajo-inventario': <BajoInventarioBadge /> }

/**
 * Connects the back office frame to the session, to catalog-admin's badge (loaded lazily with the
 * staff screens) and to the shop's version (from `/v1/config`, which the shop's pages load too).
 */
export function StaffRoot() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const rol = useAppSelector(selectRol)
  const usuario = useAppSelector(selectUsuario)
  const version = useGetConfigQuery().data?.version
  return (
    <StaffLayout
      rol={rol}
      usuarioName={usuario?.name ?? ''}
      badges={BADGES}
      version={version}
      onSignOut={() => {
        dispatch(signOut())
        navigate('/login')
      }}
    />
  )
}
