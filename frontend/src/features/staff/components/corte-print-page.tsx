import { useDocumentTitle } from '@/components/use-document-title'

/** `/corte/print`: the printable cash cut, without the shop or staff frame (placeholder). */
export function CortePrintPage() {
  useDocumentTitle('Corte de caja')
  return (
    <main className="mx-auto max-w-2xl bg-white p-8 text-slate-900">
      <h1 className="text-2xl font-bold">Corte de caja</h1>
      <p className="mt-2 text-sm text-slate-600">Vista para imprimir. Los totales del corte aparecerán aquí.</p>
    </main>
  )
}
