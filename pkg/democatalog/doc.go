// Package democatalog is the demo catalogue's data (DEMO_DATA): its products, one a line
// (products.go), their drawings (SVG, Drawing) and the photos a few of them show, drawn by
// drawing.go and kept resized in photos/, embedded in the binary (photos.go), so that no start and
// no test draws them. It knows no module: modules/catalog/demo.go makes these the shop's products
// and pictures (catalog.Module.SeedDemo, which app/ calls).
package democatalog
