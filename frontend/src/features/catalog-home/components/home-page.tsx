import { useDocumentTitle } from '@/components/use-document-title'
import { CategoriaOffers } from '@/features/catalog-home/components/categoria-offers'
import { CategoriaStrip } from '@/features/catalog-home/components/categoria-strip'
import { FavouritesStrip } from '@/features/catalog-home/components/favourites-strip'
import { FeaturedCard } from '@/features/catalog-home/components/featured-card'
import { FeaturedProductos } from '@/features/catalog-home/components/featured-productos'
import { PromoBanner } from '@/features/catalog-home/components/promo-banner'

/** `/`: the shop's home page. */
export function HomePage() {
  useDocumentTitle(undefined)
  return (
    <>
      <PromoBanner />
      <div className="mx-auto w-full max-w-7xl px-4 pt-5">
        <FeaturedCard />
        <CategoriaOffers />
        <FavouritesStrip />
        <CategoriaStrip />
        <FeaturedProductos />
      </div>
    </>
  )
}
