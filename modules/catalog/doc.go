// Package catalog owns the products, discounts and product images, and answers the storefront's
// reads from an in-memory copy of the catalogue. Its one door is Module (module.go); where things
// are:
//
//   - products: model.go (the documents), input.go and input_variants.go (a write's checks),
//     product_edits.go, product_details.go, archive.go, fiscal.go, categories.go, upgrade.go,
//     admin_order.go (the staff's list), audit.go;
//   - prices: pricing.go (every final price: discounts, extras, IVA) and discounts.go;
//   - pictures: images.go (uploads, storage, serving), image_renditions.go (the shop's sizes; the
//     work itself is pkg/imaging), product_pictures.go, imageset.go, image_cache.go;
//   - stock: inventory*.go, movements*.go, adjustments.go, stock_*.go; order lines: order_lines.go;
//   - the storefront's reads: memory.go, public.go, pages.go, storefront_cache.go; store.go is the
//     only code touching its collections; service.go and http.go the rules and routes;
//   - export: export.go; bulk import: the importer package (importer/), through importing.go and
//     product_batch.go and adjustment_batch.go (the writes of a batch);
//   - the demo catalogue: demo.go, demo_lines.go, its data in pkg/democatalog;
//   - the distributor's catalogue: supplier/ (the Syscom client and its drafts, margin rules in
//     supplier/pricing.go) and suppliersync/ (its screen, imports and sync), through distributor.go;
//   - the fixtures the tests of the catalogue and of the packages built on it share: catalogtest/.
package catalog
