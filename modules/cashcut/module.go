// Package cashcut owns the cortes collection: the cash cuts ('Hacer corte') and their reports.
package cashcut

import (
	"context"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox"
)

const collection = "cortes"

// Deps is what the module needs from the application.
type Deps struct {
	Store *mongox.Store
	Log   zerolog.Logger
}

// Module is the module's one door.
type Module struct {
	db  *mongox.Store
	log zerolog.Logger
}

// New builds the module.
func New(d Deps) *Module { return &Module{db: d.Store, log: d.Log} }

// EnsureIndexes creates the collection's indexes.
func (m *Module) EnsureIndexes(ctx context.Context) error {
	return mongox.EnsureIndexes(ctx, m.db.W.Collection(collection), mongo.IndexModel{
		Keys:    bson.D{{Key: "fecha", Value: 1}},
		Options: options.Index().SetName("fecha"),
	})
}

// Routes registers the module's routes on the /v1 group.
func (m *Module) Routes(g *echo.Group) {}
