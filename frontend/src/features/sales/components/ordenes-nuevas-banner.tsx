type OrdenesNuevasBannerProps = { count: number; capped: boolean; onShow: () => void }

/** "Hay 1 orden nueva" / "Hay 3 órdenes nuevas" / "Hay 50 o más órdenes nuevas". */
function newOrdenesText(count: number, capped: boolean): string {
  if (capped) return `Hay ${count} o más órdenes nuevas`
  return count === 1 ? 'Hay 1 orden nueva' : `Hay ${count} órdenes nuevas`
}

/**
 * The visible notice of orders that arrived while the list was open, stuck to the top of the
 * screen while scrolling; 'Ver órdenes nuevas' shows them in one tap. Screen readers hear the
 * arrival from the live region of the page, so this box is not a live region itself.
 */
export function OrdenesNuevasBanner({ count, capped, onShow }: OrdenesNuevasBannerProps) {
  if (count === 0) return null
  return (
    <div
      data-testid="ordenes-nuevas"
      className="sticky top-[68px] z-20 mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-teal-700 px-4 py-3 text-white shadow-lg lg:top-4"
    >
      <p className="flex items-center gap-2 font-semibold">
        <span className="relative flex h-3 w-3" aria-hidden="true">
          <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-white opacity-70" />
          <span className="relative inline-flex h-3 w-3 rounded-full bg-white" />
        </span>
        {newOrdenesText(count, capped)}
      </p>
      <button
        type="button"
        className="inline-flex min-h-11 items-center rounded-full bg-white px-5 text-sm font-semibold text-teal-800 shadow-sm hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        onClick={onShow}
      >
        Ver órdenes nuevas
      </button>
    </div>
  )
}
