import { useState } from 'react'
import { ImageOffIcon } from '@/components/icons'
import { PRODUCTO_CARD_IMAGE_SIZES, imageSources } from '@/lib/images'

/**
 * Every box a product picture is drawn in is square (object-contain), so width and height say 1:1:
 * the box keeps its place while the picture loads.
 */
const BOX = 480

type ProductoImageProps = {
  src?: string
  alt: string
  className?: string
  compact?: boolean
  /** The page's main picture (its largest paint): loaded at once and first, not lazily. */
  priority?: boolean
  /**
   * The CSS width it is drawn at (the sizes attribute), for the browser to pick the smallest size
   * that fills it: a catalogue card's by default, 96px when compact.
   */
  sizes?: string
}

/**
 * A product photo. The shop's uploads come in several sizes (WebP, JPEG for browsers without it),
 * of which the browser downloads the one its box needs; other addresses (a supplier's photo, a demo
 * drawing) are shown as they are. A missing or broken image shows 'Imagen no disponible'.
 */
export function ProductoImage({ src, alt, className = '', compact = false, priority = false, sizes }: ProductoImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  if (!src || failedSrc === src) {
    return (
      <div className={`flex flex-col items-center justify-center gap-1 bg-slate-100 text-xs text-slate-500 ${className}`}>
        <ImageOffIcon size={compact ? 20 : 28} />
        <span className={compact ? 'sr-only' : undefined}>Imagen no disponible</span>
      </div>
    )
  }
  const sources = imageSources(src)
  const drawnAt = sizes ?? (compact ? '96px' : PRODUCTO_CARD_IMAGE_SIZES)
  const img = (
    // loading and sizes before srcset and src: a browser may start the download as src is set.
    <img
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      sizes={sources ? drawnAt : undefined}
      srcSet={sources?.jpegSrcset}
      src={sources?.src ?? src}
      width={BOX}
      height={BOX}
      alt={alt}
      onError={() => setFailedSrc(src)}
      className={`object-contain ${className}`}
    />
  )
  if (!sources) return img
  return (
    <picture className="contents">
      <source type="image/webp" sizes={drawnAt} srcSet={sources.srcset} />
      {img}
    </picture>
  )
}
