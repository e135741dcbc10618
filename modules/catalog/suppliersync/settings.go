package suppliersync

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/supplier"
	"tienda/modules/catalog/supplier/syscom"
	"tienda/pkg/apperr"
)

// The settings of 'Catálogo del proveedor': the shop's credentials for the distributor's API
// (kept in the store, the secret encrypted (secret.go), and never answered: only whether they are
// set and their last 4 characters) and the owner's margin rules. One document of
// proveedor_ajustes, _id "syscom".

const (
	settingsColl = "proveedor_ajustes"
	settingsID   = "syscom"
)

type settingsDoc struct {
	ID       string `bson:"_id"`
	ClientID string `bson:"clientId"`
	// ClientSecret is the secret as an earlier release kept it, in clear: encrypted into
	// SecretoCifrado and removed at the first read.
	ClientSecret         string     `bson:"clientSecret,omitempty"`
	SecretoCifrado       string     `bson:"clientSecretCifrado,omitempty"`
	Reglas               Reglas     `bson:"reglas"`
	Actualizado          time.Time  `bson:"actualizado"`
	UltimaSincronizacion *time.Time `bson:"ultimaSincronizacion,omitempty"`
}

// Reglas are the margin rules as the screen shows them: percentages with up to two decimals, the
// price ending in pesos (nil: to the centavo).
type Reglas struct {
	General      float64            `bson:"general" json:"general"`
	Minimo       float64            `bson:"minimo" json:"minimo"`
	PorCategoria map[string]float64 `bson:"porCategoria" json:"porCategoria"`
	PorMarca     map[string]float64 `bson:"porMarca" json:"porMarca"`
	Terminacion  *int               `bson:"terminacion,omitempty" json:"terminacion"`
}

// defaultReglas: 30 % over cost, never under 10 %, prices ending in 9 pesos.
func defaultReglas() Reglas {
	nine := 9
	return Reglas{General: 30, Minimo: 10, PorCategoria: map[string]float64{}, PorMarca: map[string]float64{}, Terminacion: &nine}
}

func percent(v float64) supplier.Percent { return supplier.Percent(math.Round(v * 100)) }

// rules turns the screen's rules into the supplier package's, checked by its Validate.
func (r Reglas) rules() (supplier.Rules, error) {
	out := supplier.Rules{General: percent(r.General), Minimo: percent(r.Minimo),
		PorCategoria: map[string]supplier.Percent{}, PorMarca: map[string]supplier.Percent{}}
	for k, v := range r.PorCategoria {
		out.PorCategoria[strings.TrimSpace(k)] = percent(v)
	}
	for k, v := range r.PorMarca {
		out.PorMarca[strings.TrimSpace(k)] = percent(v)
	}
	if r.Terminacion != nil {
		if *r.Terminacion < 0 || *r.Terminacion > 999 {
			return supplier.Rules{}, apperr.New(apperr.Invalid, "La terminación del precio debe ser de 0 a 999 pesos.")
		}
		out.Redondeo = supplier.EndingIn(*r.Terminacion)
	}
	if len(r.PorCategoria) > 500 || len(r.PorMarca) > 500 {
		return supplier.Rules{}, apperr.New(apperr.Invalid, "Son demasiadas reglas: como máximo 500 por categoría y 500 por marca.")
	}
	return out, out.Validate()
}

func (m *Module) settings(ctx context.Context) (settingsDoc, error) {
	doc, found, err := m.store.settings(ctx)
	if err != nil {
		return settingsDoc{}, err
	}
	if !found {
		doc = settingsDoc{ID: settingsID, Reglas: defaultReglas()}
	}
	if doc.ClientSecret != "" { // an earlier release's secret in clear: encrypt it now
		sealed, err := m.sealSecret(doc.ClientSecret)
		if err != nil {
			return settingsDoc{}, err
		}
		if err := m.store.sealSecret(ctx, doc.ClientSecret, sealed); err != nil {
			return settingsDoc{}, err
		}
		doc.ClientSecret, doc.SecretoCifrado = "", sealed
	}
	if doc.Reglas.PorCategoria == nil {
		doc.Reglas.PorCategoria = map[string]float64{}
	}
	if doc.Reglas.PorMarca == nil {
		doc.Reglas.PorMarca = map[string]float64{}
	}
	return doc, nil
}

func (m *Module) setSettings(ctx context.Context, set bson.M) error {
	set["actualizado"] = m.now().UTC()
	update := bson.M{"$set": set}
	if _, ok := set["clientSecretCifrado"]; ok {
		update["$unset"] = bson.M{"clientSecret": ""} // an earlier release's, in clear
	}
	if _, ok := set["reglas"]; !ok {
		update["$setOnInsert"] = bson.M{"reglas": defaultReglas()}
	}
	return m.store.setSettings(ctx, update)
}

// errSinCredenciales: nothing can be asked of the distributor before the credentials are set.
var errSinCredenciales = apperr.New(apperr.Invalid, "Primero guarda el ID de cliente y el secreto de tu cuenta de Syscom.")

// errCredencialesIlegibles: the shop's secret changed since the credentials were kept.
var errCredencialesIlegibles = apperr.New(apperr.Invalid, "La clave secreta de la tienda cambió y las credenciales de Syscom guardadas ya no se pueden leer: vuelve a escribir el ID de cliente y el secreto.")

// credentials are the stored client id and secret, decrypted.
func (m *Module) credentials(doc settingsDoc) (string, string, error) {
	if doc.ClientID == "" || doc.SecretoCifrado == "" {
		return "", "", errSinCredenciales
	}
	secret, err := m.openSecret(doc.SecretoCifrado)
	if errors.Is(err, errReingresar) {
		return "", "", errCredencialesIlegibles
	}
	if err != nil {
		return "", "", apperr.Wrap(err, "suppliersync: read the credentials")
	}
	return doc.ClientID, secret, nil
}

// client returns a client with the stored credentials, the same one while they do not change.
func (m *Module) client(ctx context.Context) (*syscom.Client, error) {
	doc, err := m.settings(ctx)
	if err != nil {
		return nil, err
	}
	id, secret, err := m.credentials(doc)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	key := id + "\x00" + doc.SecretoCifrado
	if m.cli != nil && m.cliKey == key {
		return m.cli, nil
	}
	c, err := m.newClient(id, secret)
	if err != nil {
		return nil, err
	}
	m.cli, m.cliKey = c, key
	return c, nil
}

func (m *Module) newClient(id, secret string) (*syscom.Client, error) {
	return syscom.New(syscom.Config{BaseURL: m.base, ClientID: id, ClientSecret: secret, RequestsPerMinute: m.perMinute})
}

// checkCredentials asks the distributor for a token and the exchange rate with them.
func (m *Module) checkCredentials(ctx context.Context, id, secret string) error {
	c, err := m.newClient(id, secret)
	if err != nil {
		return err
	}
	if _, err := c.ExchangeRates(ctx); err != nil {
		if errors.Is(err, syscom.ErrCredenciales) {
			return apperr.New(apperr.Invalid, "Syscom rechazó el ID de cliente y el secreto: revísalos en tu cuenta de desarrollador de Syscom.")
		}
		return publicErr(err)
	}
	return nil
}

// publicErr is a client's error with its Spanish text for staff.
func publicErr(err error) error {
	var e *apperr.Error
	if errors.As(err, &e) {
		return err // the client's errors carry their Spanish text and kind
	}
	return fmt.Errorf("%w: %w", apperr.New(apperr.Unavailable, syscom.UserMessage(err)), err)
}

// last4 is the end of a secret the screen may show.
func last4(s string) string {
	r := []rune(s)
	if len(r) <= 4 {
		return strings.Repeat("•", len(r))
	}
	return string(r[len(r)-4:])
}
