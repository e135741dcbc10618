import { useState, type ReactNode } from 'react'
import { Navigate, Outlet, useLocation, useMatches } from 'react-router'
import { Drawer } from '@/components/drawer'
import { MenuIcon } from '@/components/icons'
import { StaffGuard } from '@/features/staff/components/staff-guard'
import { StaffNav } from '@/features/staff/components/staff-nav'
import type { StaffScreen } from '@/features/staff/permissions'

/** Route `handle` of staff screens: which entry of the permission table they are. */
export type StaffHandle = { staffScreen: StaffScreen }

type StaffLayoutProps = {
  rol: string | null
  usuarioName: string
  onSignOut: () => void
  /** Shown beside entries of the drawer (StaffNav). */
  badges?: Partial<Record<StaffScreen, ReactNode>>
  /** The shop's version (`tienda version`), in the footer once known. */
  version?: string
}

function useStaffScreen(): StaffScreen | undefined {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as Partial<StaffHandle> | undefined
    if (handle?.staffScreen) return handle.staffScreen
  }
  return undefined
}

/** The back office frame: the admin drawer (a sidebar on wide screens) and the guarded screen. */
export function StaffLayout({ rol, usuarioName, onSignOut, badges, version }: StaffLayoutProps) {
  const screen = useStaffScreen()
  const location = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  if (!rol) return <Navigate to="/login" replace state={{ from: location.pathname }} />

  return (
    <div className="min-h-dvh bg-slate-100 lg:flex">
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col bg-brand-950 text-white lg:flex">
        <div className="flex items-center gap-3 border-b border-white/10 px-5 py-4">
          <img src="/favicon.svg" alt="" width={36} height={36} className="h-9 w-9" />
          <div className="min-w-0">
            <p className="text-sm font-bold">Administración</p>
            <p className="truncate text-xs text-slate-300">{usuarioName}</p>
            <p className="mt-1 inline-block rounded-full bg-teal-500/15 px-2 py-0.5 text-[11px] font-semibold text-teal-200">
              {rol}
            </p>
          </div>
        </div>
        <StaffNav rol={rol} onSignOut={onSignOut} badges={badges} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex items-center gap-2 bg-brand-900 px-2 py-2 text-white shadow lg:hidden">
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-label="Abrir menú de administración"
            aria-expanded={menuOpen}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/10"
          >
            <MenuIcon />
          </button>
          <p className="font-semibold">Administración</p>
          <p className="ml-auto truncate pr-2 text-xs text-slate-300">{rol}</p>
        </header>
        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          label="Menú de administración"
          header={
            <div className="min-w-0">
              <p className="text-sm font-bold">Administración</p>
              <p className="truncate text-xs text-slate-300">{usuarioName}</p>
            </div>
          }
        >
          <div className="h-full bg-brand-950">
            <StaffNav rol={rol} onNavigate={() => setMenuOpen(false)} onSignOut={onSignOut} badges={badges} />
          </div>
        </Drawer>

        <main id="contenido" className="flex-1 p-4 sm:p-6 lg:p-8">
          <StaffGuard rol={rol} screen={screen}>
            <Outlet />
          </StaffGuard>
        </main>
        {version ? <footer className="px-4 pb-4 text-xs text-slate-500 sm:px-6 lg:px-8">Versión {version}</footer> : null}
      </div>
    </div>
  )
}
