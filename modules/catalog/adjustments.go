package catalog

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
)

// 'Ajustar inventario': a change of one variant's units by staff, without editing the product,
// with its kind and a reason. One guarded update of the product, like a sale's take: a merma
// never leaves fewer than 0 units, and a count sets the units counted only while the units are
// still those it read (tried again on a fresh read when a sale came in between).

// AdjustInput is an adjustment as the back office sends it (POST /v1/inventario/ajustes).
type AdjustInput struct {
	ProductID  string   `json:"productoId"`
	VarianteID string   `json:"varianteId"`
	Tipo       string   `json:"tipo"`
	Cantidad   *float64 `json:"cantidad"`
	Motivo     string   `json:"motivo"`
	// once, when set, is the id of the adjustment's movement, chosen by the caller (an import's
	// row): an adjustment whose movement is already written is not made again.
	once bson.ObjectID
}

// adjustmentKinds are the kinds of adjustment: the units come in, go out, or are counted.
var adjustmentKinds = []string{TipoEntrada, TipoMerma, TipoConteo, TipoDevolucion}

// maxMotivo bounds an adjustment's reason.
const maxMotivo = 300

// adjustAttempts bounds the rereads of an adjustment whose guard failed because a sale or another
// adjustment changed the variant's units in between.
const adjustAttempts = 10

// adjustment is a checked AdjustInput.
type adjustment struct {
	product, variant bson.ObjectID
	tipo, motivo     string
	n                int
	once             bson.ObjectID // AdjustInput.once
}

// check validates the input, naming each wrong field in Spanish.
func (in AdjustInput) check() (adjustment, error) {
	f := apperr.Fields{}
	a := adjustment{once: in.once}
	var err error
	if a.product, err = bson.ObjectIDFromHex(strings.TrimSpace(in.ProductID)); err != nil {
		f.Add("productoId", "Elige un producto.")
	}
	if v := strings.TrimSpace(in.VarianteID); v != "" {
		if a.variant, err = bson.ObjectIDFromHex(v); err != nil {
			f.Add("varianteId", "Elige una variante del producto.")
		}
	}
	a.tipo = strings.TrimSpace(in.Tipo)
	if !slices.Contains(adjustmentKinds, a.tipo) {
		f.Add("tipo", "Elige el tipo de ajuste: entrada de mercancía, merma, conteo físico o devolución.")
	}
	a.n = int(whole(f, "cantidad", in.Cantidad, maxStock, true))
	if in.Cantidad != nil && *in.Cantidad == 0 && a.tipo != TipoConteo && slices.Contains(adjustmentKinds, a.tipo) {
		f.Add("cantidad", apperr.MsgIntAtLeast(1))
	}
	a.motivo = strings.TrimSpace(in.Motivo)
	switch {
	case a.motivo == "":
		f.Add("motivo", "Escribe el motivo del ajuste.")
	case len([]rune(a.motivo)) > maxMotivo:
		f.Add("motivo", apperr.MsgMaxChars(maxMotivo))
	}
	return a, f.Err()
}

// AdjustStock changes one variant's units by an adjustment of the user ctx carries
// (audit.WithActor; none is the system), and answers its stock
// movement. It is written in the product's turn with the sales' takes (stock_write_batches.go).
// Errors: invalid (with fields: a merma larger than the units there are, too), not_found (product
// or variant), conflict (the units kept changing), internal.
func (s *Service) AdjustStock(ctx context.Context, in AdjustInput) (Movement, error) {
	who := audit.ActorFrom(ctx)
	a, err := in.check()
	if err != nil {
		return Movement{}, err
	}
	ctx = context.WithoutCancel(ctx) // a write begun is finished, answered or not
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	var m Movement
	err = s.batcher.do(ctx, a.product, &stockTake{run: func(ctx context.Context) error {
		var err error
		m, err = s.adjust(ctx, a, who)
		return err
	}}, s.takeBatch)
	return m, err
}

// adjust reads the product and writes the adjustment, again on a fresh read when the units
// changed in between (another replica, a cancelled order's units).
func (s *Service) adjust(ctx context.Context, a adjustment, who audit.Actor) (Movement, error) {
	for range adjustAttempts {
		cur, err := s.store.product(ctx, a.product)
		if err != nil {
			return Movement{}, err
		}
		s.memory.update(cur)
		if done, err := s.adjustedBefore(ctx, &cur, a.once); err != nil || done {
			return Movement{ID: a.once}, err
		}
		i, err := adjustedVariant(&cur, a.variant)
		if err != nil {
			return Movement{}, err
		}
		m, guard, err := a.movement(&cur, i, s.now())
		if err != nil {
			return Movement{}, err
		}
		if !a.once.IsZero() {
			m.ID, guard[pendingField(a.once)] = a.once, bson.M{"$exists": false}
		}
		m.by(who.ID, who.Name)
		p, ok, err := s.store.update(ctx, cur.ID, guard, stockChange(i, m.Cantidad, bson.M{"$set": bson.M{pendingField(m.ID): m}}))
		if err != nil {
			return Movement{}, err
		}
		if !ok {
			continue // sold, adjusted, edited or deleted since the read: read again
		}
		s.memory.update(p)
		if m.Antes == nil {
			m.withUnits(p.Variantes[i].Stock)
		}
		s.recordPending(ctx, &p, m)
		return m, nil
	}
	return Movement{}, apperr.New(apperr.Conflict, "Las existencias cambiaron mientras las ajustabas. Inténtalo de nuevo.")
}

// adjustedBefore reports whether the movement once (none: zero) is written: waiting in cur (read
// first) or stored, where it goes before it leaves cur.
func (s *Service) adjustedBefore(ctx context.Context, cur *Product, once bson.ObjectID) (bool, error) {
	if once.IsZero() {
		return false, nil
	}
	if _, ok := cur.MovimientosPendientes[once.Hex()]; ok {
		return true, nil
	}
	stored, err := s.store.storedMovements(ctx, []bson.ObjectID{once})
	return stored[once], err
}

// adjustedVariant is the index of the adjusted variant of p: the one named, or the only one.
func adjustedVariant(p *Product, variant bson.ObjectID) (int, error) {
	if variant.IsZero() && len(p.Variantes) == 1 {
		return 0, nil
	}
	if i := variantIndex(*p, variant); i >= 0 {
		return i, nil
	}
	if variant.IsZero() {
		return -1, apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"varianteId": "Elige una variante del producto."})
	}
	return -1, apperr.New(apperr.NotFound, "La variante ya no existe en "+p.label()+".")
}

// movement is the adjustment of the variant at index i of cur as a movement, and the guard of its
// write: the variant still there, and for a merma the units it takes, for a count the units it
// read (the movement then knows its units before and after).
func (a adjustment) movement(cur *Product, i int, now time.Time) (Movement, bson.M, error) {
	v := cur.Variantes[i]
	at := fmt.Sprintf("variantes.%d.", i)
	guard := bson.M{at + "_id": v.ID}
	delta := a.n
	switch a.tipo {
	case TipoMerma:
		if v.Stock < a.n {
			return Movement{}, nil, apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{
				"cantidad": fmt.Sprintf("Solo hay %d piezas; la merma no puede dejar las existencias en negativo.", v.Stock)})
		}
		guard[at+"stock"] = bson.M{"$gte": a.n}
		delta = -a.n
	case TipoConteo:
		guard[at+"stock"] = v.Stock
		delta = a.n - v.Stock
	}
	m := newMovement(cur, i, a.tipo, delta, now)
	m.Motivo = a.motivo
	if a.tipo == TipoConteo {
		m.Antes, m.Despues = units(v.Stock), units(a.n)
	}
	return m, guard, nil
}
