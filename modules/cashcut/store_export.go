package cashcut

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox"
)

// exportBatch is how many cuts the export reads at once.
const exportBatch = 1000

// exportFirst reads the first page of the cuts filter selects, by number (mongox.Page, from the
// list index on the embedded store), and how many filter selects.
func (s store) exportFirst(ctx context.Context, filter bson.M) ([]bson.Raw, int64, error) {
	docs, total, err := s.db.Page(ctx, collection, filter, mongox.Ascending("numero"), 0, exportBatch)
	if err != nil {
		return nil, 0, fmt.Errorf("cashcut: export: %w", err)
	}
	return docs, total, nil
}

// eachExported calls fn with the first total cuts filter selects, by number, a page at a time from
// first (exportFirst), each page after the last cut read (mongox.EachAfter): a cut closed meanwhile
// neither repeats a row nor pushes one out, whatever its number.
func (s store) eachExported(ctx context.Context, filter bson.M, first []bson.Raw, total int64, fn func(Cut) error) error {
	err := s.db.EachAfter(ctx, collection, filter, "numero", exportBatch, first, total, func(doc bson.Raw) error {
		var c Cut
		if err := bson.Unmarshal(doc, &c); err != nil {
			return err
		}
		return fn(c)
	})
	if err != nil {
		return fmt.Errorf("cashcut: export: %w", err)
	}
	return nil
}
