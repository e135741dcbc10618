package users

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"tienda/pkg/apperr"
	"tienda/pkg/mail"
)

// Recovery codes: 6 digits, valid codeTTL, codeTries guesses; a new code is mailed at most once
// per resendAfter for one e-mail.
const (
	codeTTL     = 15 * time.Minute
	codeTries   = 5
	resendAfter = time.Minute
)

// errNoMail is the answer to a recovery asked of a shop that sends no e-mail (no SMTP_URL): no
// code could reach the customer.
var errNoMail = apperr.New(apperr.Unavailable, "Esta tienda todavía no envía correos, así que no podemos mandarte un código. "+
	"Comunícate con la tienda para que te ayuden a recuperar tu cuenta.")

// RequestRecovery mails a 6-digit code to an active account's e-mail. It behaves the same, and
// takes about as long, whether or not the account exists. Errors: invalid (not an e-mail),
// unavailable (the shop sends no e-mail: Deps.Mailer is nil), internal.
func (s *Service) RequestRecovery(ctx context.Context, email string) error {
	f := newFieldErrors()
	email = f.email("email", email)
	if err := f.Err(); err != nil {
		return err
	}
	if s.mailer == nil {
		return errNoMail
	}
	now := s.now().UTC()
	if err := s.store.sweepRecovery(ctx, now); err != nil {
		s.log.Warn().Err(err).Msg("recovery sweep")
	}
	u, err := s.store.byEmail(ctx, email)
	if apperr.Is(err, apperr.NotFound) || (err == nil && !u.Status) {
		_, _ = bcrypt.GenerateFromPassword([]byte("000000"), bcrypt.DefaultCost)
		return nil
	}
	if err != nil {
		return err
	}
	if r, ok, err := s.store.recoveryByEmail(ctx, email); err != nil {
		return err
	} else if ok && now.Sub(r.CreatedAt) < resendAfter && r.Tries < codeTries {
		return nil // a code was just sent; do not flood the mailbox
	}
	code, err := newCode()
	if err != nil {
		return apperr.Wrap(err, "users: code")
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(code), bcrypt.DefaultCost)
	if err != nil {
		return apperr.Wrap(err, "users: hash")
	}
	if err := s.store.putRecovery(ctx, recovery{Email: email, CodeHash: string(hash), ExpiresAt: now.Add(codeTTL), CreatedAt: now}); err != nil {
		return err
	}
	// Sent in the background so that the answer does not reveal, by its delay, that the account
	// exists. The send outlives the request, so its context keeps the request's values but not its
	// cancellation.
	msg := mail.Message{To: email, Subject: "Código para restablecer tu contraseña", Text: recoveryText(u.Name, code)}
	sendCtx := context.WithoutCancel(ctx)
	s.mails.Add(1)
	go func() {
		defer s.mails.Done()
		ctx, cancel := context.WithTimeout(sendCtx, 30*time.Second)
		defer cancel()
		if err := s.mailer.Send(ctx, msg); err != nil {
			s.log.Error().Err(err).Msg("recovery e-mail not sent")
		}
	}()
	return nil
}

func recoveryText(name, code string) string {
	return fmt.Sprintf("Hola %s:\n\nTu código para restablecer tu contraseña es: %s\n\n"+
		"Vence en 15 minutos y admite 5 intentos. Si no lo pediste, ignora este correo; tu contraseña no cambia.\n",
		firstName(name), code)
}

func firstName(name string) string {
	if f := strings.Fields(name); len(f) > 0 {
		return f[0]
	}
	return ""
}

// newCode returns 6 random digits.
func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// ResetPassword sets a new password with the code mailed by RequestRecovery. Each guess uses one
// of the code's 5 tries; an expired or used-up code needs a new one. Errors: invalid, internal.
func (s *Service) ResetPassword(ctx context.Context, email, code, newPassword string) error {
	f := newFieldErrors()
	email = f.email("email", email)
	code = f.code(code)
	f.password("newPassword", newPassword)
	if err := f.Err(); err != nil {
		return err
	}
	noCodeMsg := "El código no es válido o ya venció. Solicita uno nuevo."
	noCode := apperr.InvalidFields(noCodeMsg, map[string]string{"password": noCodeMsg})
	r, ok, err := s.store.takeTry(ctx, email, s.now().UTC(), codeTries)
	if err != nil {
		return err
	}
	if !ok {
		return noCode
	}
	if bcrypt.CompareHashAndPassword([]byte(r.CodeHash), []byte(code)) != nil {
		left := codeTries - r.Tries
		if left <= 0 {
			_ = s.store.deleteRecovery(ctx, email)
			msg := "Código incorrecto. Ya no quedan intentos: solicita un código nuevo."
			return apperr.InvalidFields(msg, map[string]string{"password": msg})
		}
		msg := fmt.Sprintf("Código incorrecto. Te quedan %d intentos.", left)
		return apperr.InvalidFields(msg, map[string]string{"password": msg})
	}
	if err := s.store.deleteRecovery(ctx, email); err != nil {
		return err
	}
	u, err := s.store.byEmail(ctx, email)
	if apperr.Is(err, apperr.NotFound) {
		return noCode
	}
	if err != nil {
		return err
	}
	return s.setPassword(ctx, u, newPassword)
}
