package audit

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/audit"
	"tienda/pkg/httpx"
)

// Service holds the audit trail's use cases.
type Service struct {
	store store
	log   zerolog.Logger
	now   func() time.Time
}

// Record stores the entries in one write, each under its _id (a new one when it has none),
// stamped with the time when it has none (to the millisecond, in UTC), with an empty list of
// changes rather than none. An entry is only ever inserted: nothing updates or deletes one, and
// an entry whose _id is stored already is left as it is. Errors: an entry without its
// collection, record or action (a bug of the caller; nothing is stored then), internal.
func (s *Service) Record(ctx context.Context, es ...audit.Entry) error {
	for i := range es {
		e := &es[i]
		if !slices.Contains(audit.Collections, e.Coleccion) || strings.TrimSpace(e.RegistroID) == "" || strings.TrimSpace(e.Accion) == "" {
			return fmt.Errorf("audit: incomplete entry %q %q %q", e.Coleccion, e.RegistroID, e.Accion)
		}
		if e.ID.IsZero() {
			e.ID = bson.NewObjectID()
		}
		if e.Fecha.IsZero() {
			e.Fecha = s.now()
		}
		e.Fecha = e.Fecha.UTC().Truncate(time.Millisecond)
		if e.Cambios == nil {
			e.Cambios = []audit.Change{}
		}
	}
	return s.store.insert(ctx, es)
}

// List returns one page of the entries the filter selects, newest first, and how many it selects.
func (s *Service) List(ctx context.Context, f Filter) (Page, error) {
	if f.Page < 1 {
		f.Page = 1
	}
	if f.Limit < 1 || f.Limit > MaxPageSize {
		f.Limit = DefaultPageSize
	}
	entries, total, err := s.store.list(ctx, f)
	if err != nil {
		return Page{}, err
	}
	return Page{Entradas: entries, Meta: httpx.NewPageMeta(f.Page, f.Limit, total)}, nil
}
