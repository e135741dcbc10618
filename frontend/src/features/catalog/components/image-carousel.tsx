import { useRef, useState } from 'react'
import { ChevronRightIcon } from '@/components/icons'
import { ProductoImage } from '@/components/producto-image'
import { PRODUCTO_MAIN_IMAGE_SIZES } from '@/lib/images'

/** A swipe shorter than this does not change the picture. */
export const SWIPE_THRESHOLD_PX = 40

/** The product's pictures: swipe, arrows and dots. */
export function ImageCarousel({ images, alt }: { images: string[]; alt: string }) {
  const [index, setIndex] = useState(0)
  const startX = useRef<number | null>(null)
  const count = images.length
  const go = (i: number) => setIndex(((i % count) + count) % count)

  if (count === 0) return <ProductoImage alt={alt} className="aspect-square w-full rounded-2xl" />
  return (
    <div className="relative">
      <div
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white p-4"
        data-testid="carousel"
        onTouchStart={(e) => {
          startX.current = e.touches[0]?.clientX ?? null
        }}
        onTouchEnd={(e) => {
          const end = e.changedTouches[0]?.clientX
          if (startX.current !== null && end !== undefined) {
            const dx = end - startX.current
            if (dx <= -SWIPE_THRESHOLD_PX) go(index + 1)
            else if (dx >= SWIPE_THRESHOLD_PX) go(index - 1)
          }
          startX.current = null
        }}
      >
        <ProductoImage
          key={images[index]}
          src={images[index]}
          alt={`${alt} (${index + 1} de ${count})`}
          className="aspect-square w-full"
          priority={index === 0}
          sizes={PRODUCTO_MAIN_IMAGE_SIZES}
        />
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            aria-label="Imagen anterior"
            onClick={() => go(index - 1)}
            className="absolute top-1/2 left-2 flex h-11 w-11 -translate-y-1/2 rotate-180 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white"
          >
            <ChevronRightIcon size={20} />
          </button>
          <button
            type="button"
            aria-label="Imagen siguiente"
            onClick={() => go(index + 1)}
            className="absolute top-1/2 right-2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white"
          >
            <ChevronRightIcon size={20} />
          </button>
          {/* Each dot is drawn 10 px wide in a 44x44 px button, the size a finger needs (WCAG 2.5.5). */}
          <div className="mt-1 flex justify-center">
            {images.map((src, i) => (
              <button
                key={`${src}-${i}`}
                type="button"
                aria-label={`Ver imagen ${i + 1}`}
                aria-current={i === index}
                onClick={() => go(i)}
                className="flex h-11 w-11 items-center justify-center rounded-full"
              >
                <span className={`h-2.5 w-2.5 rounded-full ${i === index ? 'bg-brand-800' : 'bg-slate-300'}`} />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </div>
  )
}
