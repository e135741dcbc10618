package catalog

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// The inventory's reads: the stock movements of a product or a period (from the store, paged),
// and the variants at or below their minimum (from the in-memory catalogue).

// MovementFilter selects stock movements; empty fields select all.
type MovementFilter struct {
	ProductoID, VarianteID, Tipo string
	Desde, Hasta                 time.Time // Desde included, Hasta excluded; zero: open
}

// bson is the filter as the store takes it.
func (f MovementFilter) bson() bson.M {
	q := bson.M{}
	if f.ProductoID != "" {
		q["productoId"] = f.ProductoID
	}
	if f.VarianteID != "" {
		q["varianteId"] = f.VarianteID
	}
	if f.Tipo != "" {
		q["tipo"] = f.Tipo
	}
	fecha := bson.M{}
	if !f.Desde.IsZero() {
		fecha["$gte"] = f.Desde
	}
	if !f.Hasta.IsZero() {
		fecha["$lt"] = f.Hasta
	}
	if len(fecha) > 0 {
		q["fecha"] = fecha
	}
	return q
}

// Newest and oldest first: the history reads the latest movements; an export is a ledger.
var (
	newestFirst = bson.D{{Key: "fecha", Value: -1}, {Key: "_id", Value: -1}}
	oldestFirst = bson.D{{Key: "fecha", Value: 1}, {Key: "_id", Value: 1}}
)

// Movements returns one page of the movements f selects, newest first, and how many it selects.
func (s *Service) Movements(ctx context.Context, f MovementFilter, page, limit int) ([]Movement, int64, error) {
	return s.store.movements(ctx, f.bson(), newestFirst, int64(page-1)*int64(limit), int64(limit))
}

// movements reads one page of movements.
func (s store) movements(ctx context.Context, filter bson.M, sort bson.D, skip, limit int64) ([]Movement, int64, error) {
	docs, total, err := s.db.Page(ctx, movementsCollection, filter, sort, skip, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("catalog: movements: %w", err)
	}
	out := make([]Movement, len(docs))
	for i, d := range docs {
		if err := bson.Unmarshal(d, &out[i]); err != nil {
			return nil, 0, fmt.Errorf("catalog: movements: %w", err)
		}
	}
	return out, total, nil
}

// exportBatch is how many movements an export reads at a time.
const exportBatch = 500

// countMovements counts the movements f selects.
func (s *Service) countMovements(ctx context.Context, f MovementFilter) (int64, error) {
	_, total, err := s.store.movements(ctx, f.bson(), oldestFirst, 0, 1)
	return total, err
}

// eachMovement calls fn with the first n movements f selects, oldest first, read a batch at a
// time. Movements recorded meanwhile come after those (a later date), so a batch never repeats
// one.
func (s *Service) eachMovement(ctx context.Context, f MovementFilter, n int64, fn func(*Movement) error) error {
	q := f.bson()
	for skip := int64(0); skip < n; skip += exportBatch {
		batch, _, err := s.store.movements(ctx, q, oldestFirst, skip, min(exportBatch, n-skip))
		if err != nil {
			return err
		}
		for i := range batch {
			if err := fn(&batch[i]); err != nil {
				return err
			}
		}
		if int64(len(batch)) < min(exportBatch, n-skip) {
			return nil
		}
	}
	return nil
}

// LowStockItem is a variant at or below its minimum ('Bajo inventario').
type LowStockItem struct {
	ProductoID string `json:"productoId"`
	VarianteID string `json:"varianteId"`
	Producto   string `json:"producto"`
	Talla      string `json:"talla"`
	Tamano     string `json:"tamano"`
	Stock      int    `json:"stock"`
	Minimo     int    `json:"minimo"`
}

// LowStock returns one page of the variants whose units are at or below their minimum (a
// minimum above 0), those furthest below it first, and how many there are.
func (s *Service) LowStock(page, limit int) ([]LowStockItem, int) {
	all := []LowStockItem{}
	s.memory.each(func(p *Product) {
		for _, v := range p.Variantes {
			if v.Minimo > 0 && v.Stock <= v.Minimo {
				all = append(all, LowStockItem{ProductoID: p.ID.Hex(), VarianteID: v.ID.Hex(),
					Producto: cmp.Or(strings.TrimSpace(p.Nombre), p.Titulo), Talla: v.Talla, Tamano: v.Tamano, Stock: v.Stock, Minimo: v.Minimo})
			}
		}
	})
	slices.SortFunc(all, func(a, b LowStockItem) int {
		return cmp.Or(cmp.Compare(a.Stock-a.Minimo, b.Stock-b.Minimo), strings.Compare(fold(a.Producto), fold(b.Producto)),
			strings.Compare(a.Talla+a.Tamano, b.Talla+b.Tamano), strings.Compare(a.VarianteID, b.VarianteID))
	})
	from := min((page-1)*limit, len(all))
	return all[from:min(from+limit, len(all))], len(all)
}
