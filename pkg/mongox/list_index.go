package mongox

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/mongox/internal/sqlitestore"
)

// The list indexes (Index.List) on the embedded store are SQLite's, on the expressions Page's SQL
// reads (internal/sqlitestore/list_index.go): a page is answered from the index alone. Here they
// are planned as the server's indexes are (planIndexes), each one's definition its statement.

// sqlLists reports whether the list indexes are SQLite's: on the embedded store of this process.
func (s *Store) sqlLists() bool { return s.local && s.sqlite != nil }

// listIndexPlan plans c's list indexes on the embedded store (nothing elsewhere).
func (s *Store) listIndexPlan(ctx context.Context, c Collection) (indexPlan, error) {
	if !s.sqlLists() || !slices.ContainsFunc(c.Indexes, func(ix Index) bool { return ix.List }) {
		return indexPlan{}, nil
	}
	var lists []sqlitestore.ListIndex
	var declared []string
	for _, ix := range c.Indexes {
		if ix.List {
			lists, declared = append(lists, sqlitestore.ListIndex{Name: ix.Name, Keys: ix.Keys}), append(declared, ix.Name)
		}
	}
	have, want, err := s.sqlite.ListIndexes(ctx, c.Name, lists)
	if err != nil {
		return indexPlan{}, err
	}
	return planIndexes(listSpecs(want), declared, listSpecs(have)), nil
}

// listSpecs are list indexes as planIndexes compares them: by name and definition.
func listSpecs(lists []sqlitestore.ListIndex) []indexSpec {
	specs := make([]indexSpec, len(lists))
	for i, l := range lists {
		specs[i] = indexSpec{Name: l.Name, def: l.Def}
	}
	return specs
}

// buildListIndexes brings c's list indexes on the embedded store to its declaration.
func (s *Store) buildListIndexes(ctx context.Context, c Collection) error {
	plan, err := s.listIndexPlan(ctx, c)
	if err != nil || len(plan.Create)+len(plan.Replace)+len(plan.Drop) == 0 {
		return err
	}
	lists := func(specs []indexSpec) []sqlitestore.ListIndex {
		out := make([]sqlitestore.ListIndex, len(specs))
		for i, w := range specs {
			out[i] = sqlitestore.ListIndex{Name: w.Name, Def: w.def}
		}
		return out
	}
	return s.sqlite.BuildListIndexes(ctx, c.Name, lists(plan.Replace), lists(plan.Create), plan.Drop)
}

// ensureCollection creates coll when it does not exist yet: on the embedded store, a collection
// that exists when BuildIndexes ends gets its _id lookups indexed then (IndexIDs).
func (s *Store) ensureCollection(ctx context.Context, coll string) error {
	err := s.W.CreateCollection(ctx, coll)
	var cmd mongo.CommandError
	if err != nil && !(errors.As(err, &cmd) && cmd.Code == namespaceExists) {
		return fmt.Errorf("mongox: create %s: %w", coll, err)
	}
	return nil
}

// namespaceExists is the code of MongoDB's (and FerretDB's) error for a collection that exists.
const namespaceExists = 48
