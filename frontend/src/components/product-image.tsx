import { useState } from 'react'
import { ImageOffIcon } from '@/components/icons'

type ProductImageProps = {
  src?: string
  alt: string
  className?: string
  compact?: boolean
  /** The page's main picture (its largest paint): loaded at once and first, not lazily. */
  priority?: boolean
}

/** A product photo; a missing or broken image shows 'Imagen no disponible'. */
export function ProductImage({ src, alt, className = '', compact = false, priority = false }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  if (!src || failedSrc === src) {
    return (
      <div className={`flex flex-col items-center justify-center gap-1 bg-slate-100 text-xs text-slate-500 ${className}`}>
        <ImageOffIcon size={compact ? 20 : 28} />
        <span className={compact ? 'sr-only' : undefined}>Imagen no disponible</span>
      </div>
    )
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={`object-contain ${className}`}
    />
  )
}
