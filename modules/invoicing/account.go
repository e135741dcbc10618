package invoicing

import (
	"context"
	"time"
)

// Cuenta is how the shop's invoicing settings agree with the PAC account, for the staff's
// 'Facturas' screen.
type Cuenta struct {
	// LugarExpedicion is SHOP_CP: the postal code the shop issues its CFDIs from, and the one a
	// factura global's receptor carries.
	LugarExpedicion string `json:"lugarExpedicion"`
	// CodigoPostalPAC is the postal code of the PAC account's fiscal address, which the PAC writes
	// as every CFDI's LugarExpedicion; "" until the PAC has answered.
	CodigoPostalPAC string `json:"codigoPostalPac,omitempty"`
	RFC             string `json:"rfc,omitempty"`
	// Aviso says what staff must fix; "" when the settings agree.
	Aviso string `json:"aviso,omitempty"`
}

// accountTimeout bounds the check made at start, which must not hold the start up for long.
const accountTimeout = 10 * time.Second

// CheckAccount reads the PAC account and compares its postal code with SHOP_CP. A difference is
// logged as an error and shown to staff (Account); it never stops the shop. A PAC that cannot be
// reached is asked again by the retry loop.
func (s *Service) CheckAccount(ctx context.Context) Cuenta {
	c := Cuenta{LugarExpedicion: s.settings.LugarExpedicion}
	if s.pac == nil {
		return c
	}
	ctx, cancel := context.WithTimeout(ctx, accountTimeout)
	defer cancel()
	acc, err := s.pac.Account(ctx)
	switch {
	case err != nil:
		s.log.Warn().Err(err).Msg("invoicing: the PAC account could not be read; SHOP_CP is not checked yet")
		c.Aviso = "No pudimos consultar la cuenta del servicio de facturación para comprobar el código postal de expedición; se intentará de nuevo."
	case acc.CodigoPostal != s.settings.LugarExpedicion:
		c.CodigoPostalPAC, c.RFC = acc.CodigoPostal, acc.RFC
		s.log.Error().Str("SHOP_CP", s.settings.LugarExpedicion).Str("pac", acc.CodigoPostal).
			Msg("invoicing: SHOP_CP is not the postal code of the PAC account: the CFDIs say one place of issue and the facturas globales another")
		c.Aviso = "El código postal de expedición de la tienda (SHOP_CP " + s.settings.LugarExpedicion +
			") no coincide con el de la cuenta del servicio de facturación (" + acc.CodigoPostal +
			"). Corrige SHOP_CP o el domicilio fiscal de la cuenta: las facturas globales se rechazarán mientras no coincidan."
	default:
		c.CodigoPostalPAC, c.RFC = acc.CodigoPostal, acc.RFC
	}
	s.accountMu.Lock()
	s.account = c
	s.accountMu.Unlock()
	return c
}

// Account is the last check of the PAC account (CheckAccount).
func (s *Service) Account() Cuenta {
	s.accountMu.Lock()
	defer s.accountMu.Unlock()
	if s.account.LugarExpedicion == "" {
		return Cuenta{LugarExpedicion: s.settings.LugarExpedicion}
	}
	return s.account
}

// accountUnknown reports whether the PAC account still has to be read.
func (s *Service) accountUnknown() bool {
	s.accountMu.Lock()
	defer s.accountMu.Unlock()
	return s.pac != nil && s.account.CodigoPostalPAC == ""
}
