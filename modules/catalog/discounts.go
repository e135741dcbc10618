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
}

var errDiscountNotFound = apperr.New(apperr.NotFound, "Descuento no encontrado.")

// check reads the form; today (AAAA-MM-DD in the shop's zone) is the earliest expiry it takes: a
// discount is never created, nor moved, into the past.
func (in DiscountInput) check(today string) (Discount, error) {
	f := apperr.Fields{}
	d := Discount{Name: strings.TrimSpace(in.Name), Description: strings.TrimSpace(in.Description)}
	if d.Name == "" {
		f.Add("name", "Este campo es obligatorio.")
	}
	switch {
	case in.Percentage == nil:
		f.Add("percentage", "Este campo es obligatorio.")
	case math.IsNaN(*in.Percentage) || *in.Percentage <= 0 || *in.Percentage > 100:
		f.Add("percentage", "Debe ser un número mayor que 0 y como máximo 100.")
	default:
		d.Percentage = math.Round(*in.Percentage*100) / 100
	}
	date := strings.TrimSpace(in.ExpirationDate)
	if date == "" {
		f.Add("expirationDate", "Este campo es obligatorio.")
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
	d.ID, d.CreatedAt, d.UpdatedAt = bson.NewObjectID(), now, now
	if err := s.store.insertDiscount(ctx, d); err != nil {
		return Discount{}, err
	}
	s.memory.putDiscount(d)
	s.changed(ctx)
	s.auditDiscount(ctx, audit.Crear, nil, &d)
	return d, nil
}

// UpdateDiscount replaces a discount's fields. Errors: invalid, not_found, internal.
func (s *Service) UpdateDiscount(ctx context.Context, id string, in DiscountInput) (Discount, error) {
	old, err := s.Discount(id)
	if err != nil {
		return Discount{}, err
	}
	d, err := in.check(s.shopToday())
	if err != nil {
		return Discount{}, err
	}
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	d.ID, d.CreatedAt, d.UpdatedAt = old.ID, old.CreatedAt, s.now().UTC()
	ok, err := s.store.replaceDiscount(ctx, d)
	if err != nil {
		return Discount{}, err
	}
	if !ok {
		s.memory.removeDiscount(d.ID)
		return Discount{}, errDiscountNotFound
	}
	s.memory.putDiscount(d)
	s.changed(ctx)
	s.auditDiscount(ctx, audit.Actualizar, &old, &d)
	return d, nil
}

// DeleteDiscount removes a discount no product uses; one that products use is refused, naming
// them (discountInUse). A product given the discount while it is deleted loses it.
// Errors: not_found, conflict, internal.
func (s *Service) DeleteDiscount(ctx context.Context, id string) error {
	d, err := s.Discount(id)
	if err != nil {
		return err
	}
	if err := s.discountInUse(d); err != nil {
		return err
	}
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	ok, err := s.store.deleteDiscount(ctx, d.ID)
	if err != nil {
		return err
	}
	s.memory.removeDiscount(d.ID)
	if !ok {
		return errDiscountNotFound
	}
	cleared, err := s.store.clearDiscount(ctx, d.ID.Hex())
	for _, p := range cleared {
		s.memory.update(p)
	}
	s.changed(ctx)
	s.auditDiscount(ctx, audit.Eliminar, &d, nil)
	return err
}

// namedInUse is how many of the products using a discount its refusal names.
const namedInUse = 5

// discountInUse is a conflict naming (up to namedInUse of) the products that use d and how many
// in all; nil when none does.
func (s *Service) discountInUse(d Discount) error {
	var names []string
	n := 0
	s.memory.each(func(p *Product) {
		if p.DescuentoID != d.ID.Hex() {
			return
		}
		n++
		if len(names) < namedInUse {
			names = append(names, "«"+p.label()+"»")
		}
	})
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
