package invoicing

import (
	"context"
	"net/mail"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/cfdi"
)

// maxProfiles bounds the tax profiles of one account.
const maxProfiles = 10

// PerfilInput is the body of POST and PUT facturas/perfiles.
type PerfilInput struct {
	RFC            string `json:"rfc"`
	RazonSocial    string `json:"razonSocial"`
	RegimenFiscal  string `json:"regimenFiscal"`
	CodigoPostal   string `json:"codigoPostal"`
	UsoCFDI        string `json:"usoCfdi"`
	Email          string `json:"email"`
	Predeterminado bool   `json:"predeterminado"`
}

// checkReceptor normalizes a receptor's data and checks it against the SAT's rules and
// catalogues and the e-mail's shape, with a Spanish message per field.
func checkReceptor(in Receptor) (Receptor, error) {
	r := cfdi.Receptor{RFC: in.RFC, Nombre: in.RazonSocial, RegimenFiscal: in.RegimenFiscal, CodigoPostal: in.CodigoPostal, UsoCFDI: in.UsoCFDI}.Normalize()
	bad := apperr.Fields{}
	if rfc, err := cfdi.ParseRFC(r.RFC); err == nil && rfc.Generic {
		// Sales to the general public go into the shop's factura global; a foreign receptor needs
		// the data of its country (ResidenciaFiscal, NumRegIdTrib) the shop does not ask for.
		bad.Add("rfc", "Escribe tu propio RFC: las compras sin RFC van en la factura global de la tienda.")
	}
	for field, msg := range r.Check() {
		bad.Add(field, msg)
	}
	email, msg := checkEmail(in.Email)
	if msg != "" {
		bad.Add("email", msg)
	}
	out := Receptor{RFC: r.RFC, RazonSocial: r.Nombre, RegimenFiscal: r.RegimenFiscal, CodigoPostal: r.CodigoPostal, UsoCFDI: r.UsoCFDI, Email: email}
	return out, bad.Err()
}

// checkEmail normalizes an e-mail address for invoices; msg says what is wrong with it, "" when
// nothing is.
func checkEmail(email string) (normalized, msg string) {
	email = strings.ToLower(strings.TrimSpace(email))
	if a, err := mail.ParseAddress(email); email == "" || len(email) > 254 || err != nil || a.Address != email ||
		!strings.Contains(email[strings.LastIndexByte(email, '@')+1:], ".") {
		return email, "Escribe un correo electrónico válido, por ejemplo nombre@empresa.mx."
	}
	return email, ""
}

func (in PerfilInput) receptor() Receptor {
	return Receptor{RFC: in.RFC, RazonSocial: in.RazonSocial, RegimenFiscal: in.RegimenFiscal, CodigoPostal: in.CodigoPostal, UsoCFDI: in.UsoCFDI, Email: in.Email}
}

// Profiles lists the account's tax profiles, oldest first.
func (s *Service) Profiles(ctx context.Context, userID string) ([]Perfil, error) {
	return s.store.profiles(ctx, userID)
}

// CreateProfile adds a tax profile to the account; the first one is the default. Errors:
// invalid (a message per field), conflict (too many).
func (s *Service) CreateProfile(ctx context.Context, userID string, in PerfilInput) (Perfil, error) {
	r, err := checkReceptor(in.receptor())
	if err != nil {
		return Perfil{}, err
	}
	have, err := s.store.profiles(ctx, userID)
	if err != nil {
		return Perfil{}, err
	}
	if len(have) >= maxProfiles {
		return Perfil{}, apperr.New(apperr.Conflict, "Puedes guardar hasta 10 perfiles fiscales. Borra uno que ya no uses.")
	}
	p := Perfil{ID: bson.NewObjectID(), UsuarioID: userID, Receptor: r, Predeterminado: in.Predeterminado || len(have) == 0, Creado: s.now()}
	if err := s.store.insertProfile(ctx, p); err != nil {
		return Perfil{}, err
	}
	if p.Predeterminado {
		if err := s.store.setDefaultProfile(ctx, userID, p.ID); err != nil {
			return Perfil{}, err
		}
	}
	return p, nil
}

// UpdateProfile rewrites one of the account's tax profiles. Errors: invalid, not_found.
func (s *Service) UpdateProfile(ctx context.Context, userID, id string, in PerfilInput) (Perfil, error) {
	oid, err := profileID(id)
	if err != nil {
		return Perfil{}, err
	}
	old, err := s.profile(ctx, userID, oid)
	if err != nil {
		return Perfil{}, err
	}
	r, err := checkReceptor(in.receptor())
	if err != nil {
		return Perfil{}, err
	}
	p := Perfil{ID: oid, UsuarioID: userID, Receptor: r, Predeterminado: old.Predeterminado || in.Predeterminado, Creado: old.Creado}
	if ok, err := s.store.replaceProfile(ctx, p); err != nil {
		return Perfil{}, err
	} else if !ok {
		return Perfil{}, errProfileNotFound
	}
	if in.Predeterminado && !old.Predeterminado {
		if err := s.store.setDefaultProfile(ctx, userID, oid); err != nil {
			return Perfil{}, err
		}
	}
	return p, nil
}

// DeleteProfile removes one of the account's tax profiles; when it was the default, the oldest
// one left becomes the default. Errors: not_found.
func (s *Service) DeleteProfile(ctx context.Context, userID, id string) error {
	oid, err := profileID(id)
	if err != nil {
		return err
	}
	ok, err := s.store.deleteProfile(ctx, userID, oid)
	if err != nil {
		return err
	}
	if !ok {
		return errProfileNotFound
	}
	left, err := s.store.profiles(ctx, userID)
	if err != nil || len(left) == 0 {
		return err
	}
	for _, p := range left {
		if p.Predeterminado {
			return nil
		}
	}
	return s.store.setDefaultProfile(ctx, userID, left[0].ID)
}

// profile returns one of the account's tax profiles. Errors: not_found.
func (s *Service) profile(ctx context.Context, userID string, id bson.ObjectID) (Perfil, error) {
	p, found, err := s.store.profile(ctx, userID, id)
	if err != nil {
		return Perfil{}, err
	}
	if !found {
		return Perfil{}, errProfileNotFound
	}
	return p, nil
}

var errProfileNotFound = apperr.New(apperr.NotFound, "No se encontró ese perfil fiscal.")

func profileID(id string) (bson.ObjectID, error) {
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return bson.ObjectID{}, errProfileNotFound
	}
	return oid, nil
}
