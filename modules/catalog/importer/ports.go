package importer

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
)

// Catalog is what an import needs of the catalogue (*catalog.Service): the catalogue as this
// replica holds it, the product form's checks, and the writes of a batch, each as the form's.
type Catalog interface {
	EachProduct(fn func(p *catalog.Product))
	Cached(id bson.ObjectID) (catalog.Product, bool)
	Checker() catalog.Checker
	CreateProducts(ctx context.Context, news []catalog.NewProduct) ([]catalog.Product, map[int]error)
	RecordCreated(ctx context.Context, ps []catalog.Product)
	EditProducts(ctx context.Context, edits []catalog.ProductEdit) map[int]error
	AdjustStocksOnce(ctx context.Context, lists [][]catalog.OnceAdjustment) []catalog.Adjusted
}
