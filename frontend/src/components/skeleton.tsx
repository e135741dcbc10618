/** A grey placeholder block that pulses while content loads. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div className={`animate-pulse rounded-md bg-slate-200 ${className}`} aria-hidden="true" />
}

/** Stand-in for a product card while the list loads. */
export function ProductoCardSkeleton() {
  return (
    <div data-testid="product-skeleton" className="overflow-hidden rounded-2xl border border-slate-200 bg-white" aria-hidden="true">
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="space-y-2 p-3">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-3 h-5 w-1/2" />
      </div>
    </div>
  )
}
