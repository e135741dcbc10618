import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { canSee, type StaffScreen } from '@/features/staff/permissions'
import { Forbidden } from '@/features/staff/components/forbidden'

type StaffGuardProps = { rol: string | null; screen: StaffScreen | undefined; children: ReactNode }

/** Not signed in: to `/login`. Signed in without the role: the Spanish "no permission" notice. */
export function StaffGuard({ rol, screen, children }: StaffGuardProps) {
  const location = useLocation()
  if (!rol) return <Navigate to="/login" replace state={{ from: location.pathname }} />
  if (!screen || !canSee(rol, screen)) return <Forbidden />
  return <>{children}</>
}
