import { useDocumentTitle } from '@/components/use-document-title'
import { CategoryOffers } from '@/features/catalog-home/components/category-offers'
import { CategoryStrip } from '@/features/catalog-home/components/category-strip'
import { FavouritesStrip } from '@/features/catalog-home/components/favourites-strip'
import { FeaturedCard } from '@/features/catalog-home/components/featured-card'
import { FeaturedProducts } from '@/features/catalog-home/components/featured-products'
import { PromoBanner } from '@/features/catalog-home/components/promo-banner'

/** `/`: the shop's home page. */
export function HomePage() {
  useDocumentTitle(undefined)
  return (
    <>
      <PromoBanner />
      <div className="mx-auto w-full max-w-7xl px-4 pt-5">
        <FeaturedCard />
        <CategoryOffers />
        <FavouritesStrip />
        <CategoryStrip />
        <FeaturedProducts />
      </div>
    </>
  )
}
