import { ConfirmDialog } from '@/components/dialog'
import { apiErrorMessage } from '@/lib/api-errors'

type DeleteDialogProps = {
  /** What is being deleted; null keeps the dialog closed. */
  target: { id: string; name: string } | null
  question: string
  failMessage: string
  removal: { isLoading: boolean; isError: boolean }
  /** Deletes; the dialog closes when the answer is not an error. */
  onDelete: (id: string) => Promise<object>
  onClose: () => void
}

/** 'Eliminar …' confirmation with the catalogue's failure message under the question. */
export function DeleteDialog({ target, question, failMessage, removal, onDelete, onClose }: DeleteDialogProps) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={target ? `Eliminar ${target.name}` : ''}
      description={
        <>
          {question}
          {removal.isError ? <span className="mt-2 block text-rose-700">{failMessage}</span> : null}
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
