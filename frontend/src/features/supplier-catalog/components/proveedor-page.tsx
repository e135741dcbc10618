import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { apiErrorMessage } from '@/lib/api-errors'
import { useGetAjustesProveedorQuery } from '@/features/supplier-catalog/api'
import { CatalogoBrowser } from '@/features/supplier-catalog/components/catalogo-browser'
import { ChangesLog } from '@/features/supplier-catalog/components/changes-log'
import { CredentialsForm } from '@/features/supplier-catalog/components/credentials-form'
import { ImportacionesList } from '@/features/supplier-catalog/components/importaciones-list'
import { RulesForm } from '@/features/supplier-catalog/components/rules-form'

/** `/proveedor` 'Catálogo del proveedor': Syscom's credentials, margin rules, browser, imports and sync (Administrador). */
export function ProveedorPage() {
  useDocumentTitle('Catálogo del proveedor')
  const { data, error, isLoading } = useGetAjustesProveedorQuery()
  return (
    <section className="space-y-5">
      <h1 className="text-2xl font-bold text-brand-900">Catálogo del proveedor</h1>
      {isLoading ? (
        <Skeleton className="h-24 w-full rounded-2xl" />
      ) : error ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {apiErrorMessage(error, 'Error al obtener los ajustes del proveedor')}
        </p>
      ) : data ? (
        <>
          <CredentialsForm ajustes={data} />
          <RulesForm reglas={data.reglas} />
          {data.configuradas ? (
            <>
              <CatalogoBrowser />
              <section className="rounded-2xl border border-slate-200 bg-white p-5" aria-label="Importaciones">
                <h2 className="mb-3 text-lg font-semibold text-brand-900">Importaciones</h2>
                <ImportacionesList />
              </section>
              <ChangesLog cadaHoras={data.sincronizarCadaHoras} ultima={data.ultimaSincronizacion} />
            </>
          ) : null}
        </>
      ) : null}
    </section>
  )
}
