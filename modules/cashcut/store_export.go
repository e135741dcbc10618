package cashcut

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// exportBatch is how many cuts the export reads at once.
const exportBatch = 1000

// exportPage reads the page of the cuts filter selects that starts after skip of them, by number
// (mongox.Page, from the list index on the embedded store), and how many filter selects.
func (s store) exportPage(ctx context.Context, filter bson.M, skip int64) ([]Cut, int64, error) {
	docs, total, err := s.db.Page(ctx, collection, filter, bson.D{{Key: "numero", Value: 1}}, skip, exportBatch)
	if err != nil {
		return nil, 0, fmt.Errorf("cashcut: export: %w", err)
	}
	out := make([]Cut, len(docs))
	for i, d := range docs {
		if err := bson.Unmarshal(d, &out[i]); err != nil {
			return nil, 0, fmt.Errorf("cashcut: export: %w", err)
		}
	}
	return out, total, nil
}

// eachExported calls fn with the first total cuts filter selects, by number, a page at a time from
// first (the page at 0). New cuts take the next numbers: they never shift what is still to read.
func (s store) eachExported(ctx context.Context, filter bson.M, first []Cut, total int64, fn func(Cut) error) error {
	cuts, done := first, int64(0)
	for done < total && len(cuts) > 0 {
		for _, c := range cuts {
			if done == total {
				return nil
			}
			if err := fn(c); err != nil {
				return err
			}
			done++
		}
		var err error
		if cuts, _, err = s.exportPage(ctx, filter, done); err != nil {
			return err
		}
	}
	return nil
}
