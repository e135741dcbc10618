package sales

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/apperr"
	"tienda/pkg/mail"
)

// Order e-mails (received or paid, shipped, delivered, refunded) go out through an outbox kept in
// the sale itself: the guarded single-document update that makes the event happen
// also pushes a Correo entry, keyed by the event, and raises correosPendientes. A sender on every
// replica (SendMails) claims each pending entry with a guarded update on the entry's state, owner
// and attempt count, sends it, and records the outcome under the same guard. No clock decides
// anything across processes: a claim left by a replica that died is taken over only once this
// replica has seen it unchanged for staleMailPasses of its own passes, and a failed send is tried
// again after a backoff counted in passes, up to maxMailAttempts, then given up and logged.
// Without SMTP the entries stay pending (their text goes to the log once per replica) until a
// start with SMTP_URL sends them.

// States of an order e-mail.
const (
	CorreoPendiente = "pendiente" // to send (also: sent without success, to try again)
	CorreoEnviando  = "enviando"  // claimed by a sender (Dueno)
	CorreoEnviado   = "enviado"
	CorreoOmitido   = "omitido" // no one to send it to: not a customer's account, or turned off
	CorreoFallido   = "fallido" // maxMailAttempts sends failed
)

// Order e-mail events, the keys of the entries (a return's adds its _id).
const (
	eventoRecibido   = "recibido"  // counter order placed, or online payment received
	eventoEnviado    = "enviado"   // shipped
	eventoEntregado  = "entregado" // delivered
	eventoDevolucion = "devolucion"
)

// mailsPending is the top-level flag of a sale with an order e-mail still to settle.
const mailsPending = "correosPendientes"

const (
	maxMailAttempts = 6
	staleMailPasses = 8                // passes a claim may stay unchanged before another sender takes it over
	mailEvery       = 15 * time.Second // a pass of the sender; an event asks for one at once
	mailSendTimeout = 30 * time.Second
)

// Correo is an order e-mail in a sale's outbox. It is never shown on a screen.
type Correo struct {
	ID        string     `bson:"_id" json:"_id"` // the event: recibido, enviado, entregado, devolucion-<its _id>
	Estado    string     `bson:"estado" json:"estado"`
	Intentos  int        `bson:"intentos" json:"intentos"` // claims so far
	Dueno     string     `bson:"dueno" json:"dueno"`       // the sender of the last claim
	Error     string     `bson:"error,omitempty" json:"error,omitempty"`
	Creado    time.Time  `bson:"creado" json:"creado"`
	EnviadoEn *time.Time `bson:"enviadoEn,omitempty" json:"enviadoEn,omitempty"` // as the sender's clock said: a record, it decides nothing
}

// MailRecipients is the users module as the order e-mails see it.
type MailRecipients interface {
	// OrderMailTo is the address and name to send a customer's order e-mails to; ok is false when
	// the account is not an active customer's or its owner turned order e-mails off.
	OrderMailTo(ctx context.Context, userID string) (to, name string, ok bool, err error)
}

// ShopInfo is what every order e-mail says of the shop.
type ShopInfo struct {
	Name, Address, Phone string
}

// OrderMail is what the order e-mails need; the zero value sends none.
type OrderMail struct {
	Sender    mail.Sender // nil: no SMTP; e-mails stay pending and are logged
	To        MailRecipients
	Shop      ShopInfo
	PublicURL string // the shop's address, for the link to 'Mis compras'
}

// mailer is the sender's state on this replica: its owner id, and what it saw of each pending
// entry in its earlier passes (only ever a delay: losing it makes nothing wrong).
type mailer struct {
	OrderMail
	owner  string
	mu     sync.Mutex // one pass at a time
	seen   map[string]mailSeen
	logged map[string]bool // entries whose text went to the log (no SMTP)
	passes int64
	soon   chan struct{}

	dueMu  sync.Mutex
	due    map[bson.ObjectID]bool // the sales whose events asked for a pass since the last one
	dueAll bool                   // a pass of every pending sale was asked for
}

type mailSeen struct {
	estado, dueno string
	intentos      int
	passes        int // passes it has been seen so, unchanged
	pass          int64
}

func newMailer(m OrderMail) *mailer {
	return &mailer{OrderMail: m, owner: bson.NewObjectID().Hex(), seen: map[string]mailSeen{}, logged: map[string]bool{}, soon: make(chan struct{}, 1), due: map[bson.ObjectID]bool{}}
}

// runMails sends order e-mails every mailEvery and when asked, until ctx is done. Without SMTP
// it only logs the new ones an event asks for (and, at start, those already waiting).
func (s *Service) runMails(ctx context.Context) {
	t := time.NewTicker(mailEvery)
	defer t.Stop()
	if s.mail.Sender == nil {
		t.Stop()
		s.mailSoon()
	}
	var err error
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			err = s.SendMails(ctx)
		case <-s.mail.soon:
			err = s.sendMails(ctx, false)
		}
		if err != nil && ctx.Err() == nil {
			s.log.Warn().Err(err).Msg("sales: order e-mails")
		}
	}
}

// SendMails is one periodic pass of the sender: every pending order e-mail is sent, skipped or
// left for later as its state says. Two replicas may run it at once: each entry is sent by the
// one whose claim succeeded. Only these passes count towards a backoff or a stale claim; a pass
// an event asks for (sendMails(ctx, false)) sends what is due and counts nothing, so a burst of
// events cannot make a claim in flight look abandoned.
func (s *Service) SendMails(ctx context.Context) error { return s.sendMails(ctx, true) }

func (s *Service) sendMails(ctx context.Context, counted bool) error {
	m := s.mail
	if m.To == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	ids, all := m.takeDue()
	all = all || counted
	var list []Sale
	var err error
	if all {
		list, err = s.store.find(ctx, bson.M{mailsPending: true})
	} else {
		list, err = s.store.pending(ctx, ids, mailsPending)
	}
	if err != nil {
		return err
	}
	m.passes++
	pass := m.passes
	for _, v := range list {
		settled := true
		for i, c := range v.Correos {
			if c.Estado == CorreoPendiente || c.Estado == CorreoEnviando {
				settled = false
				s.mailOne(ctx, v, i, m.observe(v.ID.Hex()+"/"+c.ID, c, pass, counted))
			}
		}
		if settled { // every entry is final and no event added one since this read
			_, err := s.store.updateIf(ctx, v.ID,
				bson.M{mailsPending: true, fmt.Sprintf("correos.%d", len(v.Correos)): bson.M{"$exists": false}},
				bson.M{"$unset": bson.M{mailsPending: ""}})
			if err != nil && !isNoDocuments(err) {
				return fmt.Errorf("sales: order e-mails: %w", err)
			}
		}
	}
	if !all {
		return nil // the entries of the sales not read are not forgotten
	}
	for k, seen := range m.seen {
		if seen.pass != pass {
			delete(m.seen, k) // settled since
		}
	}
	return nil
}

// observe records entry c as seen in this pass and answers in how many counted passes it has been
// seen so.
func (m *mailer) observe(key string, c Correo, pass int64, counted bool) mailStep {
	prev, ok := m.seen[key]
	cur := mailSeen{estado: c.Estado, dueno: c.Dueno, intentos: c.Intentos, pass: pass}
	if ok && prev.estado == cur.estado && prev.dueno == cur.dueno && prev.intentos == cur.intentos {
		cur.passes = prev.passes
		if counted {
			cur.passes++
		}
	}
	m.seen[key] = cur
	return mailStep{c: c, key: key, passes: cur.passes}
}

type mailStep struct {
	c      Correo
	key    string
	passes int
}

// due reports whether the entry may be claimed in this pass: a pending one after its backoff, a
// claimed one once it has stayed unchanged long enough that its sender must have died.
func (st mailStep) due() bool {
	if st.c.Estado == CorreoEnviando {
		return st.passes >= staleMailPasses
	}
	return st.c.Intentos == 0 || st.passes >= 1<<min(st.c.Intentos-1, 5)
}

// mailOne settles entry i of v as far as this pass can.
func (s *Service) mailOne(ctx context.Context, v Sale, i int, st mailStep) {
	m, c := s.mail, st.c
	if !st.due() || (m.Sender == nil && m.logged[st.key]) {
		return
	}
	log := s.log.With().Str("folio", v.Folio).Str("correo", c.ID).Logger()
	to, name, ok, err := m.To.OrderMailTo(ctx, v.UsuarioID)
	if err != nil {
		log.Warn().Err(err).Msg("sales: order e-mail: recipient")
		return
	}
	if !ok {
		s.settleMail(ctx, v, i, c, bson.M{"estado": CorreoOmitido})
		return
	}
	msg, err := orderMessage(v, c.ID, to, name, m.Shop, m.PublicURL)
	if err != nil {
		log.Error().Err(err).Msg("sales: order e-mail: text")
		return
	}
	if m.Sender == nil {
		if !m.logged[st.key] {
			m.logged[st.key] = true
			log.Warn().Str("to", to).Str("subject", msg.Subject).Str("body", msg.Text).
				Msg("order e-mail not sent (no SMTP_URL set): it stays pending until SMTP is set")
		}
		return
	}
	n := c.Intentos + 1
	claimed, err := s.updateMail(ctx, v.ID, i, c, bson.M{"$set": bson.M{
		fmt.Sprintf("correos.%d.estado", i): CorreoEnviando, fmt.Sprintf("correos.%d.dueno", i): m.owner,
		fmt.Sprintf("correos.%d.intentos", i): n,
	}})
	if err != nil || !claimed {
		if err != nil {
			log.Warn().Err(err).Msg("sales: order e-mail: claim")
		}
		return // another sender has it
	}
	mine := Correo{ID: c.ID, Estado: CorreoEnviando, Dueno: m.owner, Intentos: n}
	sendCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), mailSendTimeout)
	err = m.Sender.Send(sendCtx, msg)
	cancel()
	ctx = context.WithoutCancel(ctx) // what was sent is recorded even at shutdown
	switch {
	case err == nil:
		s.settleMail(ctx, v, i, mine, bson.M{"estado": CorreoEnviado, "enviadoEn": s.now().UTC().Truncate(time.Millisecond)})
		log.Info().Int("intento", n).Msg("order e-mail sent")
	case n >= maxMailAttempts:
		s.settleMail(ctx, v, i, mine, bson.M{"estado": CorreoFallido, "error": err.Error()})
		log.Error().Err(err).Int("intentos", n).Msg("sales: order e-mail given up")
	default:
		s.settleMail(ctx, v, i, mine, bson.M{"estado": CorreoPendiente, "error": err.Error()})
		m.seen[st.key] = mailSeen{estado: CorreoPendiente, dueno: m.owner, intentos: n, pass: m.seen[st.key].pass}
		log.Warn().Err(err).Int("intento", n).Msg("sales: order e-mail failed; it will be tried again")
	}
}

// settleMail sets fields of entry i of v while it is still as c says.
func (s *Service) settleMail(ctx context.Context, v Sale, i int, c Correo, fields bson.M) {
	set := bson.M{}
	for k, val := range fields {
		set[fmt.Sprintf("correos.%d.%s", i, k)] = val
	}
	if _, err := s.updateMail(ctx, v.ID, i, c, bson.M{"$set": set}); err != nil {
		s.log.Warn().Err(err).Str("folio", v.Folio).Str("correo", c.ID).Msg("sales: order e-mail: record")
	}
}

// updateMail applies update to a sale while its entry i is still c (same event, state, owner and
// attempts), and reports whether it did.
func (s *Service) updateMail(ctx context.Context, id bson.ObjectID, i int, c Correo, update bson.M) (bool, error) {
	p := fmt.Sprintf("correos.%d.", i)
	_, err := s.store.updateIf(ctx, id,
		bson.M{p + "_id": c.ID, p + "estado": c.Estado, p + "dueno": c.Dueno, p + "intentos": c.Intentos}, update)
	if isNoDocuments(err) {
		return false, nil
	}
	if err != nil {
		return false, apperr.Wrap(err, "sales: order e-mail")
	}
	return true, nil
}

func isNoDocuments(err error) bool { return errors.Is(err, mongo.ErrNoDocuments) }

// withMail adds to update (of a sale) the push of entry c to its outbox and the pending flag.
func withMail(update bson.M, c Correo) bson.M {
	set, _ := update["$set"].(bson.M)
	if set == nil {
		set = bson.M{}
		update["$set"] = set
	}
	set[mailsPending] = true
	push, _ := update["$push"].(bson.M)
	if push == nil {
		push = bson.M{}
		update["$push"] = push
	}
	push["correos"] = c
	return update
}

// orderMail adds to e the e-mail its change makes due: 'entregado' when the order becomes
// delivered, otherwise 'enviado' when it leaves; each once per sale, and neither for a cancelled
// or returned order.
func (e *orderEdit) orderMail(ch OrderChange) {
	entrega, envio := e.cur.Entrega, e.cur.Envio
	if ch.Entrega != nil {
		entrega = *ch.Entrega
	}
	if ch.Envio != nil {
		envio = ch.Envio
	}
	var id string
	switch {
	case entrega == EntregaCancelado || entrega == EntregaDevuelto:
		return
	case delivered(entrega, envio) && !delivered(e.cur.Entrega, e.cur.Envio):
		id = eventoEntregado
	case shipped(entrega, envio) && !shipped(e.cur.Entrega, e.cur.Envio) && !delivered(e.cur.Entrega, e.cur.Envio):
		id = eventoEnviado
	default:
		return
	}
	if hasMail(e.cur, id) {
		return
	}
	c := newMail(id, e.now)
	e.mail = &c
}

// Shipment statuses that say the order left the shop ('Actualizar Envio').
var shippedStatuses = []string{"Enviado", "En tránsito"}

func delivered(entrega string, envio *Envio) bool {
	return entrega == EntregaEntregado || (envio != nil && envio.Status == EntregaEntregado)
}

func shipped(entrega string, envio *Envio) bool {
	return entrega == EntregaEnviado || (envio != nil && validValue(envio.Status, shippedStatuses))
}
