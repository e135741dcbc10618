import { useId, useRef, type FormEvent, type ReactNode } from 'react'
import { CloseIcon } from '@/components/icons'
import { useModal } from '@/components/use-modal'

type DialogProps = {
  open: boolean
  onClose: () => void
  title: string
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
}

/** A centred modal dialog with a title; closes by its X, the backdrop or Escape. */
export function Dialog({ open, onClose, title, description, children, footer }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  useModal(open, onClose, panel)
  if (!open) return null
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div className="animate-fade-in absolute inset-0 bg-slate-950/55" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className="animate-pop-in relative w-full max-w-md rounded-t-2xl bg-white p-5 shadow-2xl outline-none sm:rounded-2xl"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Cerrar"
            className="-m-1 rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <CloseIcon size={20} />
          </button>
        </div>
        {description ? (
          <div id={descriptionId} className="mt-2 text-sm text-slate-600">
            {description}
          </div>
        ) : null}
        {children ? <div className="mt-4">{children}</div> : null}
        {footer ? <div className="mt-6 flex justify-end gap-3">{footer}</div> : null}
      </div>
    </div>
  )
}

type ConfirmDialogProps = {
  open: boolean
  title: string
  description: ReactNode
  onCancel: () => void
  /** Runs the action; the dialog does not close by itself. */
  onConfirm: () => void
  busy?: boolean
}

/** The generic confirmation: title, description, 'Cancelar' (closes) and 'Confirmar'. */
export function ConfirmDialog({ open, title, description, onCancel, onConfirm, busy }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      footer={<DialogActions onCancel={onCancel} onConfirm={onConfirm} busy={busy} confirmLabel="Confirmar" />}
    />
  )
}

type DialogActionsProps = {
  onCancel: () => void
  confirmLabel: string
  /** What the confirm button says while busy; the confirm label when absent. */
  busyLabel?: string
  busy?: boolean
  /** The id of the form the confirm button submits; without it the button calls onConfirm. */
  form?: string
  onConfirm?: () => void
}

/** A dialog's footer: 'Cancelar' (closes) and the confirm button, disabled while busy. */
export function DialogActions({ onCancel, confirmLabel, busyLabel, busy, form, onConfirm }: DialogActionsProps) {
  return (
    <>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        Cancelar
      </button>
      <button type={form ? 'submit' : 'button'} form={form} className="btn-primary" onClick={onConfirm} disabled={busy}>
        {busy && busyLabel ? busyLabel : confirmLabel}
      </button>
    </>
  )
}

type FormDialogProps = {
  title: string
  description?: ReactNode
  onClose: () => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  submitLabel: string
  busyLabel?: string
  busy: boolean
  /** The form's classes (spacing, scrolling). */
  className?: string
  children: ReactNode
}

/** An open dialog whose body is a form, submitted from the footer; 'Cancelar' closes it. */
export function FormDialog({ title, description, onClose, onSubmit, submitLabel, busyLabel, busy, className, children }: FormDialogProps) {
  const formId = useId()
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      footer={<DialogActions onCancel={onClose} form={formId} busy={busy} confirmLabel={submitLabel} busyLabel={busyLabel} />}
    >
      <form id={formId} onSubmit={onSubmit} noValidate className={className}>
        {children}
      </form>
    </Dialog>
  )
}
