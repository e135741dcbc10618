package suppliersync

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// The distributor's client secret is kept encrypted (AES-256-GCM) with a key derived from the
// shop's own secret (app: JWT_SECRET or the embedded store's generated one). A store copied or
// leaked without that secret does not give the distributor's account away. When the shop's secret
// changes the stored one can no longer be read: the screen asks the owner to enter the
// credentials again (errReingresar).

// secretPrefix marks the version of the stored form: "v1:" and base64 of nonce and ciphertext.
const secretPrefix = "v1:"

// errReingresar: the stored secret was encrypted with another key (the shop's secret changed).
var errReingresar = errors.New("suppliersync: the stored client secret cannot be read with this key")

func (m *Module) aead() (cipher.AEAD, error) {
	if len(m.key) != 32 {
		return nil, errors.New("suppliersync: no key to keep the client secret with")
	}
	block, err := aes.NewCipher(m.key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// sealSecret encrypts a client secret for the store; the document's _id is authenticated with it.
func (m *Module) sealSecret(plain string) (string, error) {
	g, err := m.aead()
	if err != nil {
		return "", err
	}
	nonce := make([]byte, g.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := g.Seal(nonce, nonce, []byte(plain), []byte(settingsID))
	return secretPrefix + base64.StdEncoding.EncodeToString(out), nil
}

// openSecret decrypts a stored client secret; errReingresar when another key sealed it.
func (m *Module) openSecret(stored string) (string, error) {
	g, err := m.aead()
	if err != nil {
		return "", err
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(stored, secretPrefix))
	if !strings.HasPrefix(stored, secretPrefix) || err != nil || len(raw) < g.NonceSize()+g.Overhead() {
		return "", fmt.Errorf("%w: not a sealed secret", errReingresar)
	}
	plain, err := g.Open(nil, raw[:g.NonceSize()], raw[g.NonceSize():], []byte(settingsID))
	if err != nil {
		return "", errReingresar
	}
	return string(plain), nil
}
