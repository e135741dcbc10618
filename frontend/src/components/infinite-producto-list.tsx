import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import type { SerializedError } from '@reduxjs/toolkit'
import { useLocation, useNavigationType } from 'react-router'
import { LoadError } from '@/components/load-error'
import { LoadMoreSentinel } from '@/components/load-more-sentinel'
import { ProductoCard, type CardHeading } from '@/components/producto-card'
import { ProductoCardSkeleton } from '@/components/skeleton'
import { onFreshEntry } from '@/lib/history-entry-key'
import type { Producto } from '@/lib/producto'

/** Skeleton cards while the first page loads, and while the next one does. */
const FIRST_SKELETONS = 8
const NEXT_SKELETONS = 4
/** The cards of a phone's first screen (two rows of two): on a page the grid leads, their pictures load first. */
const FIRST_SCREEN_CARDS = 4

/** The parts of an RTK Query infinite query result the list reads. */
type InfiniteQuery = {
  isLoading: boolean
  isError: boolean
  error?: FetchBaseQueryError | SerializedError
  isFetching: boolean
  isFetchingNextPage: boolean
  hasNextPage?: boolean
  refetch: () => unknown
  fetchNextPage: () => unknown
}

type InfiniteProductoListProps = {
  productos: Producto[]
  query: InfiniteQuery
  /** The next page is asked for this many px before the end of the list. */
  marginPx: number
  /** The Spanish message when the first page fails and the connection is not the cause (with 'Reintentar'). */
  errorMessage: string
  emptyMessage: string
  /** The cards' title heading: one level under the grid's own (h3 by default, under a section's h2). */
  cardHeading?: CardHeading
  /**
   * The grid is what the page opens on (a category, a search's results): the pictures of its first
   * cards, the page's largest paint, load at once and before the rest instead of lazily.
   */
  leadsThePage?: boolean
}

/**
 * The class of a product card's place in the grid. On a page that opens at its top (a fresh load's
 * first page, or a page reached by a link) the browser lays out a card only when it nears the
 * viewport (content-visibility), holding a card's usual height until then and its own height once
 * drawn: the cards below the first screen take nothing from the page's start. A page that
 * restores a position (Back, Forward, a reload) gets none, so every card has its real size and the
 * position lands on the same product.
 */
function useOffscreenCardClass(): string | undefined {
  const { key } = useLocation()
  const opensAtTop = useNavigationType() !== 'POP' || onFreshEntry(key)
  return opensAtTop ? '[content-visibility:auto] [contain-intrinsic-size:auto_320px]' : undefined
}

/** The grid's columns, as the catalogue's pages lay it out. */
const GRID_CLASS = 'mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-6'

function skeletonItems(count: number, key = '', imageSlots = 0) {
  return Array.from({ length: count }, (_, i) => (
    <li key={`${key}${i}`}>
      <ProductoCardSkeleton imageSlot={i < imageSlots} />
    </li>
  ))
}

/**
 * The grid's first cards as skeletons, for a page that does not know yet what it lists. On a page
 * the grid leads, the first screen's cards get slots for their pictures (ProductoCardSkeleton).
 */
export function ProductoGridSkeleton({ leadsThePage = false }: { leadsThePage?: boolean }) {
  return (
    <ul className={GRID_CLASS} aria-busy="true">
      {skeletonItems(FIRST_SKELETONS, '', leadsThePage ? FIRST_SCREEN_CARDS : 0)}
    </ul>
  )
}

/** A product grid that loads page after page as it scrolls, with skeletons, retry and empty text. */
export function InfiniteProductoList(props: InfiniteProductoListProps) {
  const { productos } = props
  const cardClass = useOffscreenCardClass()
  const { isLoading, isError, isFetching, isFetchingNextPage, hasNextPage, refetch, fetchNextPage } = props.query
  return (
    <>
      {isError && productos.length === 0 ? (
        <LoadError error={props.query.error} message={props.errorMessage} onRetry={refetch} />
      ) : (
        <ul className={GRID_CLASS} aria-busy={isFetching}>
          {isLoading
            ? skeletonItems(FIRST_SKELETONS)
            : productos.map((p, i) => (
                <li key={p._id} className={cardClass}>
                  <ProductoCard producto={p} heading={props.cardHeading} priority={props.leadsThePage && i < FIRST_SCREEN_CARDS} />
                </li>
              ))}
          {isFetchingNextPage ? skeletonItems(NEXT_SKELETONS, 'more-') : null}
        </ul>
      )}
      {!isLoading && !isError && productos.length === 0 ? <p className="mt-4 text-slate-600">{props.emptyMessage}</p> : null}
      <LoadMoreSentinel
        enabled={Boolean(hasNextPage) && !isFetching && !isError}
        marginPx={props.marginPx}
        onReach={() => void fetchNextPage()}
      />
    </>
  )
}
