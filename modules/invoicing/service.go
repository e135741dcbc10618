package invoicing

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/mail"
	"tienda/pkg/money"
	"tienda/pkg/search"
	"tienda/pkg/shoptime"
)

// Settings are the shop's invoicing settings (pkg/config).
type Settings struct {
	ShopName         string
	LugarExpedicion  string // the shop's postal code
	ClaveDefault     string // ClaveProdServ of a product without sat_key
	DiasGracia       int    // days after the end of a sale's month a customer may still invoice it
	DownloadTokenKey []byte // signs the download tokens
}

// Service is the module's use cases.
type Service struct {
	store    store
	sales    Sales
	products Products
	pac      PAC // nil: invoicing is not set up
	mailer   mail.Sender
	settings Settings
	log      zerolog.Logger
	now      func() time.Time
	mails    sync.WaitGroup // e-mails being sent in the background
	// sending holds, per factura whose e-mail is being sent in the background, a channel closed
	// once the send was tried (awaitMail waits on it).
	sending sync.Map

	accountMu sync.Mutex
	account   Cuenta // the last check of the PAC account (account.go)
}

// Configured reports whether a PAC is set up.
func (s *Service) Configured() bool { return s.pac != nil }

var errNotConfigured = &apperr.Error{Code: apperr.Unavailable, Message: "La facturación en línea no está disponible por ahora."}

// draft is a CFDI to issue: who it is for and which sales it may cover.
type draft struct {
	tipo      string
	receptor  Receptor
	global    *Global
	saleIDs   []string
	from, to  time.Time // the period the sales must be dated in; zero: any
	usuarioID string
	creadoPor string
}

// newFactura is a factura about to be stamped, with its own _id (the PAC's idempotency key).
func (s *Service) newFactura(d draft) Factura {
	f := Factura{
		ID: bson.NewObjectID().Hex(), Tipo: d.tipo, Estado: EstadoTimbrando, Fecha: s.now(), Receptor: d.receptor,
		Global: d.global, MetodoPago: "PUE", UsuarioID: d.usuarioID, CreadoPor: d.creadoPor,
		Ventas: []VentaFactura{}, Conceptos: []Concepto{}, SinClaveSat: []string{},
	}
	f.Busqueda = searchText(f)
	return f
}

// issue writes the factura with the sales it means to cover (claims.go), claims them, computes
// it from what it claimed and stamps it. A sale another CFDI claimed first is left out; when
// none is left, errNothingClaimed.
func (s *Service) issue(ctx context.Context, d draft) (Factura, error) {
	if s.pac == nil {
		return Factura{}, errNotConfigured
	}
	f := s.newFactura(d)
	f.Reclamo = &Reclamo{Ventas: d.saleIDs}
	if !d.from.IsZero() {
		f.Reclamo.Desde, f.Reclamo.Hasta = &d.from, &d.to
	}
	if err := s.store.insert(ctx, f); err != nil {
		return Factura{}, err
	}
	return s.start(ctx, f)
}

var errNothingClaimed = errors.New("invoicing: every sale is covered by another CFDI")

// start takes a factura just written with its Reclamo as far as it goes. When its claim fails
// (a failover cut it), the request gives it up, so that a retry of the user's starts clean.
func (s *Service) start(ctx context.Context, f Factura) (Factura, error) {
	sales, err := s.claimed(ctx, f)
	if err != nil {
		return s.giveUp(ctx, f, err)
	}
	return s.fillAndStamp(ctx, f, sales)
}

// complete stamps the factura: the first time computed from the sales it claimed, after that
// as stored. It is what a retry runs too: the claims and the idempotency key make running it
// twice the same as running it once.
func (s *Service) complete(ctx context.Context, f Factura) (Factura, error) {
	if len(f.Conceptos) == 0 {
		sales, err := s.claimed(ctx, f)
		if err != nil {
			return f, err // the next pass of the retry loop runs the claim again
		}
		return s.fillAndStamp(ctx, f, sales)
	}
	return s.stamp(ctx, f)
}

// fillAndStamp computes f from the sales it covers, records it and stamps it; with no sale, or
// nothing to bill, f is given up.
func (s *Service) fillAndStamp(ctx context.Context, f Factura, sales []Sale) (Factura, error) {
	if len(sales) == 0 {
		return s.giveUp(ctx, f, errNothingClaimed)
	}
	s.fill(&f, sales)
	if len(f.Conceptos) == 0 { // every line free: nothing to bill, and the SAT takes no CFDI of 0
		return s.giveUp(ctx, f, errNothingToBill)
	}
	moved, err := s.store.set(ctx, f.ID, bson.M{"estado": EstadoTimbrando}, bson.M{
		"ventas": f.Ventas, "conceptos": f.Conceptos, "sinClaveSat": f.SinClaveSat, "formaPago": f.FormaPago,
		"subtotal": f.Subtotal, "descuento": f.Descuento, "iva": f.IVA, "total": f.Total, "busqueda": searchText(f),
	})
	if err != nil {
		return f, err
	}
	if !moved { // another replica's retry settled it first
		return s.store.get(ctx, f.ID)
	}
	return s.stamp(ctx, f)
}

// errNothingToBill: every line of the sales is free (price 0 or a 100 % discount).
var errNothingToBill = apperr.New(apperr.Conflict, "No hay importe que facturar: todos los productos de la venta fueron sin costo.")

// stamp sends the factura to the PAC, or, once the PAC accepted it as pending, asks where it
// stands; then it records the answer: stamped, refused (its sales are freed) or not known yet
// (it stays 'timbrando' and the retry loop asks again, with the same key).
func (s *Service) stamp(ctx context.Context, f Factura) (Factura, error) {
	var st Stamped
	var err error
	if f.PACID != "" {
		st, err = s.pac.Get(ctx, f.PACID)
	} else {
		comp := s.comprobante(f)
		st, err = s.pac.Stamp(ctx, StampRequest{
			Key: f.ID, Receptor: comp.Receptor, Email: f.Receptor.Email, FormaPago: comp.FormaPago,
			Global: comp.Global, Conceptos: comp.Conceptos, Sustituye: f.Sustituye,
			Egreso: f.Tipo == TipoEgreso, Relacionado: f.Relacionado,
		})
	}
	var refused *PACError
	switch {
	case errors.As(err, &refused) && f.PACID == "":
		return s.refused(ctx, f, refused)
	case err != nil:
		s.log.Warn().Err(err).Str("factura", f.ID).Msg("invoicing: stamping not confirmed; it will be retried")
		return f, nil
	case st.Status == "pending" || (st.Status == "valid" && st.UUID == ""):
		// Accepted, not stamped yet (Facturapi's 202): no UUID until the SAT answers.
		if f.PACID == "" && st.PACID != "" {
			f.PACID = st.PACID
			if _, err := s.store.set(ctx, f.ID, bson.M{"estado": EstadoTimbrando}, bson.M{"pacId": f.PACID}); err != nil {
				return f, err
			}
		}
		s.log.Info().Str("factura", f.ID).Msg("invoicing: the PAC has not stamped it yet; it will be asked again")
		return f, nil
	case st.Status != "valid":
		msg := st.Message
		if msg == "" {
			msg = "El PAC no timbró la factura (estado " + st.Status + ")."
		}
		return s.refused(ctx, f, &PACError{Message: msg})
	}
	return s.stamped(context.WithoutCancel(ctx), f, st)
}

// refused records the PAC's refusal and gives the sales back: freed for another CFDI, or, for a
// substitute, to the CFDI it was to replace.
func (s *Service) refused(ctx context.Context, f Factura, e *PACError) (Factura, error) {
	ctx = context.WithoutCancel(ctx)
	f.Estado, f.Mensaje = EstadoError, e.Message
	// Only the request that moves it out of 'timbrando' gives its sales back: another one (the
	// retry loop of another replica) may have seen it stamped in between.
	if moved, err := s.store.set(ctx, f.ID, bson.M{"estado": EstadoTimbrando},
		bson.M{"estado": f.Estado, "mensaje": f.Mensaje, "ventasPorLiberar": true}); err != nil || !moved {
		if err == nil {
			return s.store.get(ctx, f.ID)
		}
		return f, err
	}
	if err := s.release(ctx, f); err != nil {
		return f, err
	}
	if _, err := s.noteSettled(ctx, f); err != nil {
		return f, err
	}
	msg := strings.TrimSpace(e.Message)
	if msg == "" {
		msg = "el PAC no dio el motivo"
	}
	return f, apperr.InvalidFields("El SAT no aceptó la factura: "+strings.TrimSuffix(msg, ".")+".", pacField(e.Path))
}

// pacField names the form field a refusal of the PAC points at, when it points at one.
func pacField(path string) map[string]string {
	fields := map[string]string{
		"customer.tax_id": "rfc", "customer.legal_name": "razonSocial", "customer.tax_system": "regimenFiscal",
		"customer.address.zip": "codigoPostal", "use": "usoCfdi", "customer.email": "email",
	}
	if f, ok := fields[path]; ok {
		return map[string]string{f: "Revisa este dato: el SAT no lo aceptó."}
	}
	return nil
}

// stamped records a CFDI the PAC issued, marks its sales, keeps its XML and mails it.
func (s *Service) stamped(ctx context.Context, f Factura, st Stamped) (Factura, error) {
	at := st.FechaTimbrado
	if at.IsZero() {
		at = s.now()
	}
	f.Estado, f.UUID, f.Serie, f.Folio, f.PACID, f.TimbradaEn = EstadoValida, strings.ToUpper(st.UUID), st.Serie, st.Folio, st.PACID, &at
	// The total the PAC stamped must be ours to the centavo; a difference is flagged to staff.
	if ours := money.MustFromPesos(f.Total); st.Total != 0 && st.Total != ours {
		f.TotalPAC = st.Total.Pesos()
		s.log.Error().Str("factura", f.ID).Str("nuestro", ours.String()).Str("pac", st.Total.String()).
			Msg("invoicing: the PAC stamped another total")
	}
	f.Busqueda = searchText(f)
	// Only the request that moves it out of 'timbrando' records the rest and mails it, so a
	// retry racing the first answer never sends it twice.
	f.CorreoPendiente = f.Receptor.Email != ""
	// The sales first: stamped is final at the PAC, and a crash before the move below leaves the
	// factura 'timbrando' for the retry loop, which marks them again.
	if f.Tipo != TipoEgreso { // a nota covers no sale: its return learns of it below (noteSettled)
		if err := s.sales.MarkStamped(ctx, f.ID, f.UUID); err != nil {
			return f, err
		}
	}
	moved, err := s.store.set(ctx, f.ID, bson.M{"estado": EstadoTimbrando}, bson.M{
		"estado": f.Estado, "uuid": f.UUID, "serie": f.Serie, "folio": f.Folio, "pacId": f.PACID,
		"timbradaEn": f.TimbradaEn, "busqueda": f.Busqueda, "correoPendiente": f.CorreoPendiente, "totalPac": f.TotalPAC,
	})
	if err != nil {
		return f, err
	}
	if !moved {
		return s.store.get(ctx, f.ID)
	}
	if _, err := s.noteSettled(ctx, f); err != nil {
		s.log.Warn().Err(err).Str("factura", f.ID).Msg("invoicing: the return does not show its nota yet; it will be retried")
	}
	if xml, err := s.pac.Download(ctx, f.PACID, "xml"); err != nil {
		s.log.Warn().Err(err).Str("factura", f.ID).Msg("invoicing: XML not kept; it is read from the PAC")
	} else if err := s.store.putXML(ctx, f.ID, xml); err != nil {
		s.log.Warn().Err(err).Str("factura", f.ID).Msg("invoicing: XML not kept; it is read from the PAC")
	}
	if f.Sustituye != "" {
		s.cancelReplaced(ctx, f)
	}
	s.deliverInBackground(ctx, f.ID)
	return f, nil
}

// searchText is what the staff list searches of a factura.
func searchText(f Factura) string {
	parts := []string{f.Receptor.RFC, f.Receptor.RazonSocial, f.UUID}
	for _, v := range f.Ventas {
		parts = append(parts, v.Folio)
	}
	return search.Text(parts, nil)
}

// DownloadToken is the token that opens factura id's files to whoever holds it.
func (s *Service) DownloadToken(id string) string {
	mac := hmac.New(sha256.New, s.settings.DownloadTokenKey)
	_, _ = mac.Write([]byte("factura:" + id))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil)[:18])
}

func (s *Service) validToken(id, token string) bool {
	return token != "" && hmac.Equal([]byte(token), []byte(s.DownloadToken(id)))
}

// withToken gives the factura its download token and says what became of its e-mail.
func (s *Service) withToken(f Factura) Factura {
	f.Descarga = s.DownloadToken(f.ID)
	switch {
	case f.Estado != EstadoValida && f.Estado != EstadoCancelada:
		f.Correo = ""
	case f.CorreoEnviadoEn != nil:
		f.Correo = CorreoEnviado
	case f.CorreoPendiente && mail.Delivers(s.mailer):
		f.Correo = CorreoEnviando
	default:
		f.Correo = CorreoNoEnviado
	}
	return f
}

// deadline is the last day (Mexico City) a customer may invoice a sale of that date.
func (s *Service) deadline(fecha time.Time) time.Time {
	d := fecha.In(shoptime.Zone)
	firstOfNext := time.Date(d.Year(), d.Month()+1, 1, 0, 0, 0, 0, shoptime.Zone)
	return firstOfNext.AddDate(0, 0, s.settings.DiasGracia-1)
}

// inWindow reports whether a sale of that date may still be invoiced now.
func (s *Service) inWindow(fecha time.Time) bool {
	return s.now().Before(s.deadline(fecha).AddDate(0, 0, 1))
}

func dayText(t time.Time) string { return t.In(shoptime.Zone).Format("02/01/2006") }
