package users

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tienda/pkg/httpx/httpxtest"
)

func TestRecoveryWithCode(t *testing.T) {
	t.Parallel()
	v := newEnv(t, nil)
	answerFor := func(email string) *httptest.ResponseRecorder {
		a := v.srv.Do(http.MethodPost, "/v1/usuarios/passwordrecovery", "", `{"email":"`+email+`"}`)
		if a.Code != 200 {
			t.Fatalf("recovery %s: %d %s", email, a.Code, a.Body)
		}
		return a
	}
	known, unknown := answerFor("Cliente@Tienda.mx"), answerFor("nadie@tienda.mx")
	if known.Body.String() != unknown.Body.String() {
		t.Fatalf("answers differ: %s / %s", known.Body, unknown.Body)
	}
	v.m.service.mails.Wait()
	msgs := v.mail.all()
	if len(msgs) != 1 || msgs[0].to != "cliente@tienda.mx" || !strings.Contains(msgs[0].body, "Hola Claudia") {
		t.Fatalf("mails %+v", msgs)
	}
	code := codeRe.FindStringSubmatch(msgs[0].body)[1]
	r, ok, _ := v.m.service.store.recoveryByEmail(t.Context(), "cliente@tienda.mx")
	if !ok || strings.Contains(r.CodeHash, code) || r.ExpiresAt.Sub(r.CreatedAt) != codeTTL {
		t.Fatalf("stored code %+v", r)
	}
	// Asking again at once does not send another.
	answerFor("cliente@tienda.mx")
	v.m.service.mails.Wait()
	if len(v.mail.all()) != 1 {
		t.Fatal("a second code was mailed within a minute")
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	change := func(c, pw string) *httptest.ResponseRecorder {
		return v.srv.Do(http.MethodPost, "/v1/usuarios/passwordchange", "", `{"email":"cliente@tienda.mx","password":"`+c+`","newPassword":"`+pw+`"}`)
	}
	if a := change(wrong, "recuperada-1"); a.Code != 400 || httpxtest.DecodeError(t, a).Fields["password"] != "Código incorrecto. Te quedan 4 intentos." {
		t.Fatalf("wrong code: %d %s", a.Code, a.Body)
	}
	if a := change(code, "recuperada-1"); a.Code != 200 {
		t.Fatalf("right code: %d %s", a.Code, a.Body)
	}
	v.login("cliente@tienda.mx", "recuperada-1")
	if a := change(code, "otra-clave-2"); a.Code != 400 {
		t.Fatalf("a used code works again: %d %s", a.Code, a.Body)
	}

	// Five wrong tries use the code up: even the right one is then refused.
	v.clock.add(resendAfter + time.Second)
	answerFor("cliente@tienda.mx")
	v.m.service.mails.Wait()
	code = codeRe.FindStringSubmatch(v.mail.all()[1].body)[1]
	wrong = "000000"
	if code == wrong {
		wrong = "111111"
	}
	for i := range codeTries {
		if a := change(wrong, "otra-clave-2"); a.Code != 400 {
			t.Fatalf("try %d: %d", i, a.Code)
		}
	}
	if a := change(code, "otra-clave-2"); a.Code != 400 || !strings.Contains(a.Body.String(), "Solicita uno nuevo") {
		t.Fatalf("after 5 tries: %d %s", a.Code, a.Body)
	}

	// An expired code is refused.
	v.clock.add(resendAfter)
	answerFor("cliente@tienda.mx")
	v.m.service.mails.Wait()
	code = codeRe.FindStringSubmatch(v.mail.all()[2].body)[1]
	v.clock.add(codeTTL + time.Second)
	if a := change(code, "otra-clave-2"); a.Code != 400 {
		t.Fatalf("expired code: %d %s", a.Code, a.Body)
	}
	v.login("cliente@tienda.mx", "recuperada-1")
}

func TestRecoveryEndsOldSessions(t *testing.T) {
	t.Parallel()
	v := newEnv(t, nil)
	old := "Bearer " + v.login("auxiliar@tienda.mx", "Auxiliar#2026").Data.Token
	v.nextSecond()
	v.srv.Do(http.MethodPost, "/v1/usuarios/passwordrecovery", "", `{"email":"auxiliar@tienda.mx"}`)
	v.m.service.mails.Wait()
	code := codeRe.FindStringSubmatch(v.mail.all()[0].body)[1]
	if a := v.srv.Do(http.MethodPost, "/v1/usuarios/passwordchange", "", `{"email":"auxiliar@tienda.mx","password":"`+code+`","newPassword":"nueva-aux-1"}`); a.Code != 200 {
		t.Fatalf("%d %s", a.Code, a.Body)
	}
	id := v.login("auxiliar@tienda.mx", "nueva-aux-1").Data.DataUser.ID
	if a := v.srv.Do(http.MethodGet, "/v1/usuarios/"+id, old, ""); a.Code != 401 {
		t.Fatalf("session from before the reset: %d", a.Code)
	}
}

func TestRecoveryWithoutMailSaysNoCodeWasSent(t *testing.T) {
	t.Parallel()
	v := newEnv(t, nil)
	v.m.service.mailer = nil // no SMTP_URL
	a := v.srv.Do(http.MethodPost, "/v1/usuarios/passwordrecovery", "", `{"email":"cliente@tienda.mx"}`)
	if e := httpxtest.DecodeError(t, a); a.Code != http.StatusServiceUnavailable || !strings.Contains(e.Message, "todavía no envía correos") ||
		strings.Contains(a.Body.String(), "te enviamos") {
		t.Fatalf("%d %s", a.Code, a.Body)
	}
	if _, ok, _ := v.m.service.store.recoveryByEmail(t.Context(), "cliente@tienda.mx"); ok {
		t.Fatal("a code was stored that no e-mail carries")
	}
	if a := v.srv.Do(http.MethodPost, "/v1/usuarios/passwordrecovery", "", `{"email":"no-es-correo"}`); a.Code != http.StatusBadRequest {
		t.Fatalf("a bad e-mail: %d %s", a.Code, a.Body)
	}
}
