import { useCallback, useState } from 'react'
import { Link } from 'react-router'
import { Dialog, DialogActions } from '@/components/dialog'
import { ExportControl } from '@/components/export-control'
import { Pager } from '@/components/pager'
import { ProductoImage } from '@/components/producto-image'
import { useDocumentTitle } from '@/components/use-document-title'
import { formatMoney } from '@/lib/money'
import { useClampPage, useListState } from '@/lib/list-state'
import { productoImage, productoPrice, productoTitle, type Producto } from '@/lib/producto'
import {
  fieldErrors,
  useCreateProductoMutation,
  useDeleteProductoMutation,
  useGetProductoAdminQuery,
  useListProductosAdminQuery,
  useSetArchivadoMutation,
  useUpdateProductoMutation,
} from '@/features/catalog-admin/api'
import { AdminTable } from '@/features/catalog-admin/components/admin-table'
import { DeleteDialog, SaveError } from '@/features/catalog-admin/components/admin-dialogs'
import { ProductosFiltersBar, type ProductosFilters } from '@/features/catalog-admin/components/productos-filters'
import { ImportarProductosDialog } from '@/features/catalog-admin/components/importar-productos-dialog'
import { ProductoForm } from '@/features/catalog-admin/components/producto-form'
import { emptyForm, formFromProducto, toBody, type ProductoForm as Form } from '@/features/catalog-admin/form-model'

type Editing = { kind: 'new' } | { kind: 'edit'; id: string } | null

/** Every product, by name. */
const DEFAULTS: ProductosFilters = { titulo: '', categoria: '', orden: 'nombre', archivados: '' }

/** The page of products asked for in the address (`?titulo=..&categoria=..&orden=..&page=..`). */
function useProductosList() {
  const [state, update] = useListState(DEFAULTS)
  const query = useListProductosAdminQuery(state)
  const setPage = useCallback((page: number) => update({ page }), [update])
  useClampPage(query.data?.meta, state.page, setPage)
  return { state, update, query, setPage }
}

/** The page's title, 'Importar productos' and 'Nuevo Producto'. */
function ProductosHeader({ onImportacion, onNew }: { onImportacion: () => void; onNew: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-brand-900">Productos</h1>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={onImportacion}>
          Importar productos
        </button>
        <button type="button" className="btn-primary" onClick={onNew}>
          Nuevo Producto
        </button>
      </div>
    </div>
  )
}

/** `/productos`: search, the product table, and the 'Nuevo Producto' / 'Actualizar Producto' dialogs. */
export function ProductosPage() {
  useDocumentTitle('Productos')
  const { state, update, query, setPage } = useProductosList()
  const { data, isLoading, isError, isFetching } = query
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Producto | null>(null)
  const [importing, setImporting] = useState(false)
  const [remove, removal] = useDeleteProductoMutation()
  const [setArchivado, archiving] = useSetArchivadoMutation()
  const archive = async (p: Producto, archivado: boolean) => {
    const res = await setArchivado({ id: p._id, archivado })
    if (!('error' in res)) setDeleting(null)
  }

  return (
    <section>
      <ProductosHeader onImportacion={() => setImporting(true)} onNew={() => setEditing({ kind: 'new' })} />
      <ProductosFiltersBar state={state} onChange={update} />
      <div className="mt-4"><ExportControl path="/v1/admin/productos/exportar" what="productos" /></div>
      {isError ? (
        <p role="alert" className="mt-4 text-rose-700">
          Error al obtener los productos
        </p>
      ) : null}
      {archiving.isError ? (
        <p role="alert" className="mt-4 text-rose-700">
          No se pudo archivar o restaurar el producto. Inténtalo de nuevo.
        </p>
      ) : null}
      <AdminTable
        headers={['Imagen', 'Marca / Modelo / Garantía', 'Nombre', 'Precio', 'Precio con descuento', 'Existencias', 'Acciones']}
        loading={isLoading}
        loadingText="Cargando productos…"
        empty={!isLoading && data?.products.length === 0}
        emptyText="No hay productos"
      >
        {(data?.products ?? []).map((p) => (
          <ProductoRow
            key={p._id}
            producto={p}
            onEdit={() => setEditing({ kind: 'edit', id: p._id })}
            onArchive={(archivado) => archive(p, archivado)}
            onDelete={() => setDeleting(p)}
          />
        ))}
      </AdminTable>
      <Pager
        meta={data?.meta}
        shown={data?.products.length ?? 0}
        onPage={setPage}
        onLimit={(limit) => update({ limit })}
        busy={isFetching}
        label="productos"
      />

      {editing?.kind === 'new' ? <NewProductoDialog onClose={() => setEditing(null)} /> : null}
      {importing ? <ImportarProductosDialog onClose={() => setImporting(false)} /> : null}
      {editing?.kind === 'edit' ? <EditProductoDialog id={editing.id} onClose={() => setEditing(null)} /> : null}
      <DeleteDialog
        target={deleting && { id: deleting._id, name: productoTitle(deleting) }}
        question="¿Estás seguro de querer eliminar este producto?"
        failMessage="Error al eliminar un producto"
        removal={removal}
        onDelete={remove}
        onClose={() => setDeleting(null)}
        onConflict={
          deleting ? (
            <button type="button" className="btn-primary" disabled={archiving.isLoading} onClick={() => archive(deleting, true)}>
              Archivar
            </button>
          ) : null
        }
      />
    </section>
  )
}

type ProductoRowProps = { producto: Producto & { archivado?: boolean }; onEdit: () => void; onArchive: (archivado: boolean) => void; onDelete: () => void }

/** One product of the table: picture, brand line, name, prices, stock and its 'Editar' / 'Inventario' / 'Archivar' or 'Restaurar' / 'Eliminar' actions. */
function ProductoRow({ producto: p, onEdit, onArchive, onDelete }: ProductoRowProps) {
  const price = productoPrice(p)
  return (
    <tr className="border-t border-slate-100">
      <td className="p-2">
        <ProductoImage src={productoImage(p)} alt={productoTitle(p)} compact className="h-12 w-12" />
      </td>
      <td className="p-2 text-xs text-slate-600">
        {[p.marca, p.modelo, (p as { garantia?: string }).garantia].filter(Boolean).join(' · ')}
      </td>
      <td className="p-2 font-medium">{productoTitle(p)}</td>
      <td className="p-2">{price ? formatMoney(price.precio) : '—'}</td>
      <td className="p-2">{price ? formatMoney(price.precioFinal) : '—'}</td>
      <td className="p-2">{p.stock ?? 0}</td>
      <td className="p-2 whitespace-nowrap">
        <button type="button" className="link mr-3" onClick={onEdit}>
          Editar<span className="sr-only"> {productoTitle(p)}</span>
        </button>
        <Link to={`/productos/${encodeURIComponent(p._id)}/inventario`} className="link mr-3">
          Inventario <span className="sr-only">de {productoTitle(p)}</span>
        </Link>
        <button type="button" className="link mr-3" onClick={() => onArchive(!p.archivado)}>
          {p.archivado ? 'Restaurar' : 'Archivar'}
          <span className="sr-only"> {productoTitle(p)}</span>
        </button>
        <button type="button" className="text-rose-700 underline" onClick={onDelete}>
          Eliminar<span className="sr-only"> {productoTitle(p)}</span>
        </button>
      </td>
    </tr>
  )
}

function SaveDialog({ title, initial, onClose, save, failMessage, loading }: {
  title: string
  initial: Form
  onClose: () => void
  save: (f: Form) => Promise<{ error?: unknown }>
  failMessage: string
  loading: boolean
}) {
  const [error, setError] = useState<unknown>(null)
  const formId = 'product-form'
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={<DialogActions onCancel={onClose} form={formId} busy={loading} confirmLabel="Guardar" />}
    >
      <SaveError error={error} fallback={failMessage} />
      <ProductoForm
        id={formId}
        initial={initial}
        errors={fieldErrors(error)}
        onSubmit={async (f) => {
          const res = await save(f)
          if (res.error) setError(res.error)
          else onClose()
        }}
      />
    </Dialog>
  )
}

function NewProductoDialog({ onClose }: { onClose: () => void }) {
  const [create, state] = useCreateProductoMutation()
  return (
    <SaveDialog
      title="Nuevo Producto"
      initial={emptyForm()}
      onClose={onClose}
      loading={state.isLoading}
      failMessage="Error la guardar un producto"
      save={(f) => create(toBody(f))}
    />
  )
}

function EditProductoDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { data, isLoading, isError } = useGetProductoAdminQuery(id, { refetchOnMountOrArgChange: true })
  const [update, state] = useUpdateProductoMutation()
  if (isLoading || isError || !data) {
    return (
      <Dialog open onClose={onClose} title="Actualizar Producto">
        <p className={isError ? 'text-rose-700' : 'text-slate-500'}>{isError ? 'Error al obtener un producto' : 'Cargando…'}</p>
      </Dialog>
    )
  }
  return (
    <SaveDialog
      title="Actualizar Producto"
      initial={formFromProducto(data)}
      onClose={onClose}
      loading={state.isLoading}
      failMessage="Error al actualizar  el producto"
      save={(f) => update({ id, body: toBody(f, data.version) })}
    />
  )
}
