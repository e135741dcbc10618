import { useRef, type ReactNode } from 'react'
import { CloseIcon } from '@/components/icons'
import { useModal } from '@/components/use-modal'

type DrawerProps = {
  open: boolean
  onClose: () => void
  /** Accessible name of the panel, e.g. "Menú principal". */
  label: string
  id?: string
  header?: ReactNode
  children: ReactNode
}

/** A panel that slides in from the left over a dimmed page; closes by button, backdrop or Escape. */
export function Drawer({ open, onClose, label, id, header, children }: DrawerProps) {
  const panel = useRef<HTMLDivElement>(null)
  useModal(open, onClose, panel)
  if (!open) return null
  return (
    <div className="fixed inset-0 z-50">
      <div
        data-testid="drawer-backdrop"
        className="animate-fade-in absolute inset-0 bg-slate-950/55 backdrop-blur-[2px]"
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className="animate-slide-in absolute inset-y-0 left-0 flex w-[min(20rem,86vw)] flex-col bg-white shadow-2xl outline-none"
      >
        <div className="flex items-center justify-between gap-3 bg-brand-900 px-4 py-3 text-white">
          <div className="min-w-0 flex-1">{header}</div>
          <button
            type="button"
            onClick={onClose}
            className="flex h-11 w-11 items-center justify-center rounded-full text-white/90 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-300"
            aria-label="Cerrar menú"
          >
            <CloseIcon size={22} />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto">{children}</div>
      </div>
    </div>
  )
}
