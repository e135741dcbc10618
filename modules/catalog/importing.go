package catalog

import (
	"context"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"
)

// The catalogue's door for 'Importar productos' (the importer package): the catalogue as it is,
// the product form's checks, and the bulk writes of an import's batch (product_batch.go,
// adjustment_batch.go).

// MaxStock is the most units a variant may have.
const MaxStock = maxStock

// EachProduct calls fn with each product of the catalogue as this replica holds it.
func (s *Service) EachProduct(fn func(p *Product)) { s.memory.each(fn) }

// Cached is a product as this replica holds it.
func (s *Service) Cached(id bson.ObjectID) (Product, bool) { return s.memory.get(id) }

// Checker applies a product input with the form's checks, with the prices and categories of
// the moment it was made: one for a whole import's plan.
type Checker struct {
	pr   pricing
	cats *categorySet
}

// Checker answers a Checker of the catalogue as it is now.
func (s *Service) Checker() Checker {
	return Checker{pr: s.memory.pricing(s.now()), cats: s.categories.current()}
}

// Apply applies in to p with the product form's checks (no picture stored, nothing written).
// Errors: invalid, by field.
func (c Checker) Apply(p *Product, in *ProductInput) error { return in.apply(p, c.pr, c.cats) }

// CloneProduct is a copy of p that shares none of its slices, without its reservations and
// pending movements.
func CloneProduct(p Product) Product { return cloneProduct(p) }

// Label is the product's name in the back office: its Nombre, or its Titulo when it has none.
func (p *Product) Label() string { return p.label() }

// Fold lower-cases s and strips accents, as the catalogue's searches compare words.
func Fold(s string) string { return fold(s) }

// IDFrom is an id made from key with the time of at: the same at every try (once_ids.go).
func IDFrom(at bson.ObjectID, key string) bson.ObjectID { return idFrom(at, key) }

// ActorContext is the request's context carrying its signed-in user for the audit trail.
func ActorContext(c *echo.Context) context.Context { return actorContext(c) }
