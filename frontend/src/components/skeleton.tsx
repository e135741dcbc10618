/** A grey placeholder block that pulses while content loads. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div className={`animate-pulse rounded-md bg-slate-200 ${className}`} aria-hidden="true" />
}

/**
 * Stand-in for a product card while the list loads, its picture's box where the card has it.
 * `imageSlot` marks that box as one in which the server draws the card's picture as it serves the
 * page (pkg/webpage CardImageSlot), so the picture paints with the HTML, before the app has run.
 */
export function ProductoCardSkeleton({ imageSlot = false }: { imageSlot?: boolean }) {
  return (
    <div data-testid="product-skeleton" className="overflow-hidden rounded-2xl border border-slate-200 bg-white" aria-hidden="true">
      <div className="p-3">
        {imageSlot ? (
          <div data-imagen-tarjeta="" className="aspect-square w-full animate-pulse rounded-lg bg-slate-200" />
        ) : (
          <Skeleton className="aspect-square w-full rounded-lg" />
        )}
      </div>
      <div className="space-y-2 border-t border-slate-100 p-3">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-3 h-5 w-1/2" />
      </div>
    </div>
  )
}
