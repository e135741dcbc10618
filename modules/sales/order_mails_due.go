package sales

import (
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// The outbox entries of events, and which sales a pass of the order e-mails' sender reads (order_mails.go).

// takeDue answers the sales the events asked for since the last call, or all when a pass of
// every pending sale was asked for, and forgets them.
func (m *mailer) takeDue() (ids []bson.ObjectID, all bool) {
	m.dueMu.Lock()
	defer m.dueMu.Unlock()
	all, m.dueAll = m.dueAll, false
	for id := range m.due {
		ids = append(ids, id)
	}
	clear(m.due)
	return ids, all
}

// newMail is the outbox entry of an event.
func newMail(id string, now time.Time) Correo {
	return Correo{ID: id, Estado: CorreoPendiente, Creado: now}
}

// hasMail reports whether v's outbox has the entry id.
func hasMail(v Sale, id string) bool {
	for _, c := range v.Correos {
		if c.ID == id {
			return true
		}
	}
	return false
}

// mailSoon asks the sender for a pass now over the sales ids, whose events pushed an e-mail;
// with none, over every pending sale. A pass an event asks for reads only its sales: every
// pending sale (without SMTP, every order a customer ever placed) read at every order made each
// order cost as much as all of them.
func (s *Service) mailSoon(ids ...bson.ObjectID) {
	m := s.mail
	m.dueMu.Lock()
	if len(ids) == 0 {
		m.dueAll = true
	}
	for _, id := range ids {
		m.due[id] = true
	}
	m.dueMu.Unlock()
	select {
	case s.mail.soon <- struct{}{}:
	default:
	}
}

// mailIfDue asks for a pass over sale id when an event pushed e-mail c into it.
func (s *Service) mailIfDue(id bson.ObjectID, c *Correo) {
	if c != nil {
		s.mailSoon(id)
	}
}
