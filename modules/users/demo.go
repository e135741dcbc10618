package users

import (
	"context"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
)

// DemoAccounts are the demo users, one per role; the README lists them.
//
//nolint:gosec // G101: published demo passwords (README, "Demo accounts"), created only with DEMO_DATA=true.
var DemoAccounts = []NewUser{
	{Name: "Adriana Administradora", Email: "admin@tienda.mx", Password: "Admin#2026", Phone: "5512345670", Address: "Av. Insurgentes Sur 1234, CDMX", Rol: auth.Administrador},
	{Name: "Arturo Auxiliar", Email: "auxiliar@tienda.mx", Password: "Auxiliar#2026", Phone: "5512345671", Address: "Av. Insurgentes Sur 1234, CDMX", Rol: auth.Auxiliar},
	{Name: "Carmen Cajera", Email: "cajero@tienda.mx", Password: "Cajero#2026", Phone: "5512345672", Address: "Av. Insurgentes Sur 1234, CDMX", Rol: auth.Cajero},
	{Name: "Carlos Comandero", Email: "comandero@tienda.mx", Password: "Comandero#2026", Phone: "5512345673", Address: "Av. Insurgentes Sur 1234, CDMX", Rol: auth.Comandero},
	{Name: "Claudia Cliente", Email: "cliente@tienda.mx", Password: "Cliente#2026", Phone: "5512345674", Address: "Calle Reforma 45, Col. Juárez, CDMX", Rol: auth.Cliente},
}

// SeedDemo creates the demo accounts that do not exist yet; it never changes an existing account.
func (s *Service) SeedDemo(ctx context.Context) error {
	created := 0
	for _, a := range DemoAccounts {
		_, err := s.store.byEmail(ctx, a.Email)
		if err == nil {
			continue // exists already: a restart hashes no password
		}
		if !apperr.Is(err, apperr.NotFound) {
			return err
		}
		_, err = s.Create(ctx, a)
		if apperr.Is(err, apperr.Invalid) {
			continue // exists already
		}
		if err != nil {
			return err
		}
		created++
	}
	if created > 0 {
		s.log.Info().Int("accounts", created).Msg("demo accounts created")
	}
	return nil
}
