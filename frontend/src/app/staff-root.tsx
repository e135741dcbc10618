import { useNavigate } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { selectRol, selectUser, signOut } from '@/lib/session-slice'
import { StaffLayout } from '@/features/staff/components/staff-layout'

/** Connects the back office frame to the session (loaded lazily with the staff screens). */
export function StaffRoot() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const rol = useAppSelector(selectRol)
  const user = useAppSelector(selectUser)
  return (
    <StaffLayout
      rol={rol}
      userName={user?.name ?? ''}
      onSignOut={() => {
        dispatch(signOut())
        navigate('/login')
      }}
    />
  )
}
