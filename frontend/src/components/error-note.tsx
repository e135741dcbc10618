import type { ReactNode } from 'react'

/** Inline error under a form or list, read out by screen readers. */
export function ErrorNote({ children }: { children: ReactNode }) {
  if (!children) return null
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </p>
  )
}
