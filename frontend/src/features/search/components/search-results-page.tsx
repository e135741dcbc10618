import { skipToken } from '@reduxjs/toolkit/query'
import { useSearchParams } from 'react-router'
import { InfiniteProductoList } from '@/components/infinite-producto-list'
import { useDocumentTitle } from '@/components/use-document-title'
import { MIN_SEARCH_LENGTH, useSearchProductosPageInfiniteQuery } from '@/features/search/api'

/** The results page asks for the next page 800 px before the end, as the category pages do. */
const SCROLL_MARGIN_PX = 800

/**
 * `/busqueda?q=…`: every product that matches the search, page after page as the list scrolls,
 * the sold-out ones last and marked 'Agotado'. The server serves it with the query in its title
 * and keeps it out of search engines (app/pages.go searchPage).
 */
export function SearchResultsPage() {
  const [params] = useSearchParams()
  const q = (params.get('q') ?? '').trim().replace(/\s+/g, ' ')
  const enabled = q.length >= MIN_SEARCH_LENGTH
  const title = q ? `Resultados para «${q}»` : 'Búsqueda'
  useDocumentTitle(title)
  const search = useSearchProductosPageInfiniteQuery(enabled ? q : skipToken)
  const pages = search.data?.pages ?? []
  const productos = pages.flatMap((p) => p.productos)
  const total = pages[0]?.total

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6" aria-labelledby="search-title">
      <h1 id="search-title" className="section-title">
        {title}
      </h1>
      {!enabled ? (
        <p className="mt-4 text-slate-600">Escribe al menos 3 letras en el buscador para ver resultados.</p>
      ) : (
        <>
          {total !== undefined && total > 0 ? (
            <p className="mt-1 text-sm text-slate-600" role="status">
              {total === 1 ? '1 producto' : `${total} productos`}
            </p>
          ) : null}
          <InfiniteProductoList
            productos={productos}
            query={search}
            marginPx={SCROLL_MARGIN_PX}
            cardHeading="h2"
            leadsThePage
            errorMessage="Error al obtener un producto por nombre"
            emptyMessage={`No encontramos productos para «${q}».`}
          />
        </>
      )}
    </section>
  )
}
