package logs

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox"
)

const collection = "logs"

// store is the only code that touches the logs collection.
type store struct{ db *mongox.Store }

// collections are the module's collections and their indexes.
func (s store) collections() []mongox.Collection {
	return []mongox.Collection{{Name: collection, Indexes: []mongox.Index{
		{Name: "receivedAt", Keys: bson.D{{Key: "receivedAt", Value: -1}}},
	}}}
}

func (s store) insert(ctx context.Context, entries []Entry) error {
	if len(entries) == 0 {
		return nil
	}
	docs := make([]any, len(entries))
	for i := range entries {
		docs[i] = entries[i]
	}
	if _, err := s.db.W.Collection(collection).InsertMany(ctx, docs); err != nil {
		return fmt.Errorf("logs: insert: %w", err)
	}
	return nil
}

// list returns up to limit+1 entries of the page, newest first (the extra one says more follow).
func (s store) list(ctx context.Context, f Filter) ([]Entry, error) {
	filter := bson.D{}
	if !f.From.IsZero() || !f.Before.IsZero() {
		r := bson.D{}
		if !f.From.IsZero() {
			r = append(r, bson.E{Key: "$gte", Value: f.From})
		}
		if !f.Before.IsZero() {
			r = append(r, bson.E{Key: "$lt", Value: f.Before})
		}
		filter = append(filter, bson.E{Key: "receivedAt", Value: r})
	}
	var and bson.A
	if f.User != "" {
		re := contains(f.User)
		and = append(and, bson.D{{Key: "$or", Value: bson.A{
			bson.D{{Key: "userName", Value: re}},
			bson.D{{Key: "userEmail", Value: re}},
			bson.D{{Key: "user", Value: re}},
			bson.D{{Key: "userId", Value: f.User}},
		}}})
	}
	if f.Text != "" {
		re := contains(f.Text)
		and = append(and, bson.D{{Key: "$or", Value: bson.A{
			bson.D{{Key: "title", Value: re}},
			bson.D{{Key: "error", Value: re}},
			bson.D{{Key: "origen", Value: re}},
		}}})
	}
	if len(and) > 0 {
		filter = append(filter, bson.E{Key: "$and", Value: and})
	}
	opts := options.Find().
		SetSort(bson.D{{Key: "receivedAt", Value: -1}, {Key: "_id", Value: -1}}).
		SetSkip(int64((f.Page - 1) * f.Limit)).
		SetLimit(int64(f.Limit + 1))
	out, err := mongox.FindAll[Entry](ctx, s.db.R.Collection(collection), filter, opts)
	if err != nil {
		return nil, fmt.Errorf("logs: list: %w", err)
	}
	return out, nil
}

// contains matches a text anywhere, ignoring case; the text is matched literally.
func contains(text string) bson.Regex {
	return bson.Regex{Pattern: regexp.QuoteMeta(text), Options: "i"}
}

// deleteBefore removes the entries received before t.
func (s store) deleteBefore(ctx context.Context, t time.Time) (int64, error) {
	res, err := s.db.W.Collection(collection).DeleteMany(ctx, bson.M{"receivedAt": bson.M{"$lt": t}})
	if err != nil {
		return 0, fmt.Errorf("logs: delete before %s: %w", t.Format(time.RFC3339), err)
	}
	return res.DeletedCount, nil
}

// trim keeps the newest max entries (ties on the cut-off time are all kept) and removes the rest.
func (s store) trim(ctx context.Context, max int) (int64, error) {
	type receivedAt struct {
		ReceivedAt time.Time `bson:"receivedAt"`
	}
	last, found, err := mongox.FindOne[receivedAt](ctx, s.db.R.Collection(collection), bson.M{}, options.FindOne().
		SetSort(bson.D{{Key: "receivedAt", Value: -1}, {Key: "_id", Value: -1}}).
		SetSkip(int64(max-1)).
		SetProjection(bson.M{"receivedAt": 1}))
	if err != nil {
		return 0, fmt.Errorf("logs: trim: %w", err)
	}
	if !found {
		return 0, nil
	}
	return s.deleteBefore(ctx, last.ReceivedAt)
}
