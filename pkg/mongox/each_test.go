package mongox

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// EachAfter reads each document once, in order, through SQLite and through the store's own find,
// though documents dated at or before the last one read arrive while it runs (with _ids before the
// ones read, as a sale confirmed with its reservation's date has), and leaves those out.
func TestEachAfterReadsEachDocumentOnce(t *testing.T) {
	t.Parallel()
	for _, indexed := range []bool{true, false} {
		t.Run(map[bool]string{true: "list index", false: "find"}[indexed], func(t *testing.T) {
			t.Parallel()
			s := TestDB(t)
			ctx := context.Background()
			if indexed {
				if err := buildListIndex(ctx, s, "l", "lista", bson.D{{Key: "f", Value: 1}}); err != nil {
					t.Fatal(err)
				}
			}
			day := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
			var docs []any
			for i := range 11 {
				docs = append(docs, bson.M{"_id": bson.NewObjectID(), "i": i, "f": day.Add(time.Duration(i/4) * time.Minute)})
			}
			docs = append(docs, bson.M{"_id": bson.NewObjectID(), "i": 99, "f": day.Add(time.Hour)}) // out of the range
			if _, err := s.W.Collection("l").InsertMany(ctx, docs); err != nil {
				t.Fatal(err)
			}
			if _, err := s.IndexIDs(ctx); err != nil {
				t.Fatal(err)
			}
			filter := bson.M{"f": bson.M{"$gte": day, "$lt": day.Add(time.Hour)}}
			first, n, err := s.Page(ctx, "l", filter, Ascending("f"), 0, 3)
			if err != nil || n != 11 {
				t.Fatal(n, err)
			}
			past := bson.NewObjectIDFromTimestamp(day.Add(-time.Hour))
			var got []int32
			var last time.Time
			err = s.EachAfter(ctx, "l", filter, "f", 3, first, n, func(d bson.Raw) error {
				got = append(got, d.Lookup("i").Int32())
				if len(got)%3 == 2 { // late arrivals: tied with the last read, and before it
					at := d.Lookup("f").Time()
					if at.Before(last) {
						t.Fatalf("out of order: %v", got)
					}
					last = at
					_, err := s.W.Collection("l").InsertMany(ctx, []any{bson.M{"_id": past, "i": 100 + len(got), "f": at},
						bson.M{"_id": bson.NewObjectID(), "i": 200 + len(got), "f": at.Add(-time.Second)}})
					past = bson.NewObjectIDFromTimestamp(day.Add(-time.Duration(len(got)) * time.Minute))
					return err
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if want := []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}; !slices.Equal(got, want) {
				t.Fatalf("read %v, want %v", got, want)
			}
			// None to read (an empty range): fn is never called, whether the first page is given or not.
			for _, first := range [][]bson.Raw{nil, {}} {
				if err := s.EachAfter(ctx, "l", bson.M{"f": day.Add(-time.Hour)}, "f", 3, first, 0, func(bson.Raw) error {
					return errors.New("called")
				}); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// after narrows a field's condition to the values after one it held, or says none can follow.
func TestAfterNarrowsACondition(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		cond any
		want any
		ok   bool
	}{
		{nil, bson.M{"$gt": 5}, true},
		{bson.M{"$gte": 1, "$lt": 9}, bson.M{"$gt": 5, "$lt": 9}, true},
		{bson.M{"$gt": 1, "$in": []int{5, 7}}, bson.M{"$gt": 5, "$in": []int{5, 7}}, true},
		{5, nil, false},
		{bson.M{"$eq": 5}, nil, false},
	} {
		got, ok := after(c.cond, 5)
		if ok != c.ok || ok && !reflect.DeepEqual(got, c.want) {
			t.Errorf("after(%v) = %v %v", c.cond, got, ok)
		}
	}
}
