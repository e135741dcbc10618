import type { ReactNode } from 'react'
import { useDocumentTitle } from '@/components/use-document-title'

type PlaceholderPageProps = { title: string; children?: ReactNode }

/** A real page with its Spanish heading whose content a later issue fills in. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  useDocumentTitle(title)
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">
        {children ?? <p>Esta sección estará disponible muy pronto.</p>}
      </div>
    </section>
  )
}
