/** Shown while a lazily loaded screen arrives. */
export function PageLoading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-teal-200 border-t-teal-600" aria-hidden="true" />
      <span className="sr-only">Cargando…</span>
    </div>
  )
}
