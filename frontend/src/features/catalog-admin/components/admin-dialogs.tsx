import { ConfirmDialog } from '@/components/dialog'
import type { ReactNode } from 'react'
import { apiErrorMessage, errorStatus } from '@/lib/api-errors'

type DeleteDialogProps = {
  /** What is being deleted; null keeps the dialog closed. */
  target: { id: string; name: string } | null
  question: string
  failMessage: string
  removal: { isLoading: boolean; isError: boolean; error?: unknown }
  /** Deletes; the dialog closes when the answer is not an error. */
  onDelete: (id: string) => Promise<object>
  onClose: () => void
  /** What the dialog offers when the server refuses with a conflict (409), e.g. 'Archivar'. */
  onConflict?: ReactNode
}

/**
 * 'Eliminar …' confirmation; a refusal shows the server's Spanish message (e.g. the products that
 * use a discount) under the question, or the catalogue's failure message.
 */
export function DeleteDialog({ target, question, failMessage, removal, onDelete, onClose, onConflict }: DeleteDialogProps) {
  const conflict = removal.isError && errorStatus(removal.error as never) === 409
  return (
    <ConfirmDialog
      open={target !== null}
      title={target ? `Eliminar ${target.name}` : ''}
      description={
        <>
          {question}
          {removal.isError ? (
            <span role="alert" className="mt-2 block text-rose-700">
              {apiErrorMessage(removal.error as never, failMessage)}
            </span>
          ) : null}
          {conflict && onConflict ? <span className="mt-2 block">{onConflict}</span> : null}
        </>
      }
      busy={removal.isLoading}
      onCancel={onClose}
      onConfirm={async () => {
        if (!target) return
        const res = await onDelete(target.id)
        if (!('error' in res)) onClose()
      }}
    />
  )
}

/** The Spanish line a failed save shows at the top of its dialog. */
export function SaveError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null
  return (
    <p role="alert" className="mb-2 rounded bg-rose-50 p-2 text-sm text-rose-800">
      {apiErrorMessage(error as never, fallback)}
    </p>
  )
}
