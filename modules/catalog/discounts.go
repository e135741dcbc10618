package catalog

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/shoptime"
)

// DiscountInput is the body of POST and PATCH discounts (the form's four fields).
type DiscountInput struct {
	Name           string   `json:"name" validate:"max=120"`
	Description    string   `json:"description" validate:"max=1000"`
	Percentage     *float64 `json:"percentage"`
	ExpirationDate string   `json:"expirationDate" validate:"max=40"`
	// Version, on an edit, is the version the form was read at: an edit made since refuses it.
	Version *int64 `json:"version"`
}

var (
	errDiscountNotFound = apperr.New(apperr.NotFound, "Descuento no encontrado.")
	errDiscountStale    = apperr.New(apperr.Conflict, "El descuento cambió mientras lo editabas. Recárgalo y vuelve a guardar.")
)

// check reads the form; today (AAAA-MM-DD in the shop's zone) is the earliest expiry it takes: a
// discount is never created, nor moved, into the past.
func (in DiscountInput) check(today string) (Discount, error) {
	f := apperr.Fields{}
	d := Discount{Name: strings.TrimSpace(in.Name), Description: strings.TrimSpace(in.Description)}
	if d.Name == "" {
		f.Add("name", apperr.MsgRequired)
	}
	switch {
	case in.Percentage == nil:
		f.Add("percentage", apperr.MsgRequired)
	case math.IsNaN(*in.Percentage) || *in.Percentage <= 0 || *in.Percentage > 100:
		f.Add("percentage", "Debe ser un número mayor que 0 y como máximo 100.")
	default:
		d.Percentage = math.Round(*in.Percentage*100) / 100
	}
	date := strings.TrimSpace(in.ExpirationDate)
	if date == "" {
		f.Add("expirationDate", apperr.MsgRequired)
	} else if _, err := parseDate(date); err != nil || len(date) < 10 {
		f.Add("expirationDate", "Ingresa una fecha válida en formato AAAA-MM-DD.")
	} else if _, err := time.Parse(time.DateOnly, date[:10]); err != nil {
		f.Add("expirationDate", "Ingresa una fecha válida en formato AAAA-MM-DD.")
	} else if date[:10] < today {
		f.Add("expirationDate", "La fecha de expiración no puede ser anterior a hoy.")
	} else {
		d.ExpirationDate = date[:10] // the day as the user picked it, whatever the time part says
	}
	return d, f.Err()
}

// Discounts returns every discount, the latest expiry first.
func (s *Service) Discounts() []Discount { return s.memory.discountList() }

// Discount returns one discount; apperr.NotFound when there is none.
func (s *Service) Discount(id string) (Discount, error) {
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return Discount{}, errDiscountNotFound
	}
	d, ok := s.memory.discount(oid)
	if !ok {
		return Discount{}, errDiscountNotFound
	}
	return d, nil
}

// shopToday is today's date in the shop's zone, AAAA-MM-DD.
func (s *Service) shopToday() string { return s.now().In(shoptime.Zone).Format(time.DateOnly) }

// CreateDiscount stores a new discount. Errors: invalid, internal.
func (s *Service) CreateDiscount(ctx context.Context, in DiscountInput) (Discount, error) {
	d, err := in.check(s.shopToday())
	if err != nil {
		return Discount{}, err
	}
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	now := s.now().UTC().Truncate(time.Millisecond)
	d.ID, d.CreatedAt, d.UpdatedAt, d.Version = bson.NewObjectID(), now, now, 1
	d, stampErr, err := s.store.insertDiscount(ctx, d)
	if err != nil {
		return Discount{}, err
	}
	if stampErr != nil {
		s.log.Warn().Err(stampErr).Str("discount", d.ID.Hex()).Msg("catalogue: new discount not stamped by the server")
	}
	s.memory.putDiscount(d)
	s.auditDiscount(ctx, audit.Crear, nil, &d)
	return d, nil
}

// UpdateDiscount replaces a discount's fields, as stored now: the write is guarded by the version
// it read (and by in.Version when the form sends it), so of two edits at once, on any replicas,
// the second is refused rather than lost. Errors: invalid, not_found, conflict, internal.
func (s *Service) UpdateDiscount(ctx context.Context, id string, in DiscountInput) (Discount, error) {
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return Discount{}, errDiscountNotFound
	}
	d, err := in.check(s.shopToday())
	if err != nil {
		return Discount{}, err
	}
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	old, err := s.store.discount(ctx, oid)
	if apperr.Is(err, apperr.NotFound) {
		s.memory.removeDiscount(oid) // deleted by another replica
	}
	if err != nil {
		return Discount{}, err
	}
	if in.Version != nil && *in.Version != old.Version {
		return Discount{}, errDiscountStale
	}
	d.ID, d.CreatedAt, d.UpdatedAt, d.Version = old.ID, old.CreatedAt, s.now().UTC().Truncate(time.Millisecond), old.Version+1
	d, ok, err := s.store.replaceDiscount(ctx, old.Version, d)
	if err != nil {
		return Discount{}, err
	}
	if !ok {
		return Discount{}, errDiscountStale // edited or deleted since the read
	}
	s.memory.putDiscount(d)
	s.auditDiscount(ctx, audit.Actualizar, &old, &d)
	return d, nil
}

// DeleteDiscount removes a discount no product uses, as the store says (not this replica's
// memory, which may not know yet of another replica's edit); one that products use is refused,
// naming them (discountInUse). The delete is guarded by the version read: a discount edited
// meanwhile is read again. A product given the discount while it is deleted loses it.
// Errors: not_found, conflict, internal.
func (s *Service) DeleteDiscount(ctx context.Context, id string) error {
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return errDiscountNotFound
	}
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	for range discountAttempts {
		d, err := s.store.discount(ctx, oid)
		if apperr.Is(err, apperr.NotFound) {
			s.memory.removeDiscount(oid)
		}
		if err != nil {
			return err
		}
		users, err := s.store.productsWithDiscount(ctx, oid.Hex())
		if err != nil {
			return err
		}
		if err := discountInUse(d, users); err != nil {
			return err
		}
		ok, err := s.store.deleteDiscount(ctx, d)
		if err != nil {
			return err
		}
		if !ok {
			continue // edited or deleted since the read
		}
		s.memory.removeDiscount(d.ID)
		s.deleted(ctx, d.ID, deletedDiscount)
		cleared, err := s.store.clearDiscount(ctx, d.ID.Hex())
		for _, p := range cleared {
			s.memory.update(p)
		}
		s.auditDiscount(ctx, audit.Eliminar, &d, nil)
		return err
	}
	return errDiscountStale
}

// discountAttempts bounds the reads again of a discount edited while it is deleted.
const discountAttempts = 3

// namedInUse is how many of the products using a discount its refusal names.
const namedInUse = 5

// discountInUse is a conflict naming (up to namedInUse of) the products that use d and how many
// in all; nil when none does.
func discountInUse(d Discount, products []Product) error {
	var names []string
	n := len(products)
	for i := range products {
		if len(names) < namedInUse {
			names = append(names, "«"+products[i].label()+"»")
		}
	}
	if n == 0 {
		return nil
	}
	list := strings.Join(names, ", ")
	if n > len(names) {
		list += fmt.Sprintf(" y %d más", n-len(names))
	}
	what := "1 producto usa"
	if n > 1 {
		what = fmt.Sprintf("%d productos usan", n)
	}
	return apperr.New(apperr.Conflict, fmt.Sprintf("No se puede eliminar el descuento «%s»: %s este descuento (%s). Quítalo de esos productos en «Actualizar Producto» y vuelve a intentarlo.", d.Name, what, list))
}
