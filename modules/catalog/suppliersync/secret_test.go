package suppliersync

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// The client secret is kept encrypted: the stored document never holds it in clear, no answer
// carries it, and with another key (the shop's secret changed) the screen asks for it again.
func TestTheClientSecretIsEncryptedAtRest(t *testing.T) {
	en := newEnv(t)
	en.setCredentials()
	ctx := context.Background()
	var raw bson.M
	if err := en.db.R.Collection(settingsColl).FindOne(ctx, bson.M{"_id": settingsID}).Decode(&raw); err != nil {
		t.Fatal(err)
	}
	stored, _ := bson.Marshal(raw)
	if strings.Contains(string(stored), fakeSecret) || raw["clientSecret"] != nil || !strings.HasPrefix(raw["clientSecretCifrado"].(string), secretPrefix) {
		t.Fatalf("stored: %v", raw)
	}
	rec := en.do(en.admin, http.MethodGet, "/v1/proveedor/ajustes", "")
	if rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), fakeSecret) || !strings.Contains(rec.Body.String(), `"configuradas":true`) {
		t.Fatalf("ajustes: %d %s", rec.Code, rec.Body)
	}
	if rec := en.do(en.admin, http.MethodGet, "/v1/proveedor/categorias", ""); rec.Code != http.StatusOK {
		t.Fatalf("browse with the stored secret: %d %s", rec.Code, rec.Body)
	}
	// The shop's secret rotated: the stored credentials cannot be read, and the screen says so.
	en.m.key = []byte("fedcba9876543210fedcba9876543210")
	en.m.cli = nil
	rec = en.do(en.admin, http.MethodGet, "/v1/proveedor/ajustes", "")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"reingresar":true`) || strings.Contains(rec.Body.String(), `"configuradas":true`) {
		t.Fatalf("ajustes after the key changed: %d %s", rec.Code, rec.Body)
	}
	rec = en.do(en.admin, http.MethodGet, "/v1/proveedor/categorias", "")
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "vuelve a escribir el ID de cliente y el secreto") {
		t.Fatalf("browse after the key changed: %d %s", rec.Code, rec.Body)
	}
	en.setCredentials()
	if rec := en.do(en.admin, http.MethodGet, "/v1/proveedor/categorias", ""); rec.Code != http.StatusOK {
		t.Fatalf("browse after entering them again: %d %s", rec.Code, rec.Body)
	}
}

// A secret an earlier release kept in clear is encrypted at the first read.
func TestASecretKeptInClearIsEncrypted(t *testing.T) {
	en := newEnv(t)
	ctx := context.Background()
	if _, err := en.db.W.Collection(settingsColl).InsertOne(ctx, bson.M{"_id": settingsID, "clientId": fakeID, "clientSecret": fakeSecret, "reglas": defaultReglas()}); err != nil {
		t.Fatal(err)
	}
	if rec := en.do(en.admin, http.MethodGet, "/v1/proveedor/categorias", ""); rec.Code != http.StatusOK {
		t.Fatalf("browse: %d %s", rec.Code, rec.Body)
	}
	var raw bson.M
	if err := en.db.R.Collection(settingsColl).FindOne(ctx, bson.M{"_id": settingsID}).Decode(&raw); err != nil {
		t.Fatal(err)
	}
	if raw["clientSecret"] != nil || raw["clientSecretCifrado"] == nil {
		t.Fatalf("stored: %v", raw)
	}
}
