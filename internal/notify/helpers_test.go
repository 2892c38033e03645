package notify_test

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/store"
)

var epoch = time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)

// clock is the tests' time, moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func openSQLite(t *testing.T) store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "plateau.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// newNotifier returns a notifier on st that may reach the test servers
// on 127.0.0.1 and trusts their certificate.
func newNotifier(t *testing.T, st store.Notes, c *clock, roots *x509.CertPool, change func(*notify.Config)) *notify.Notifier {
	t.Helper()
	cfg := notify.Config{Store: st, Now: c.Now, RootCAs: roots, AllowLocalForTests: true, BaseURL: "https://play.example"}
	if change != nil {
		change(&cfg)
	}
	n, err := notify.New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func roots(srv *httptest.Server) *x509.CertPool {
	p := x509.NewCertPool()
	p.AddCert(srv.Certificate())
	return p
}

func deliver(t *testing.T, n *notify.Notifier) int {
	t.Helper()
	sent, err := n.DeliverDue(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return sent
}

// request is what a test endpoint received.
type request struct {
	header http.Header
	body   []byte
}

// endpoint is an https server that records what it is sent and answers
// with status.
type endpoint struct {
	srv    *httptest.Server
	mu     sync.Mutex
	got    []request
	status int
}

func newEndpoint(t *testing.T) *endpoint {
	e := &endpoint{status: http.StatusCreated}
	e.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		e.mu.Lock()
		e.got = append(e.got, request{r.Header.Clone(), b})
		status := e.status
		e.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(e.srv.Close)
	return e
}

func (e *endpoint) requests() []request {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]request(nil), e.got...)
}

// browser is a push subscriber: the keys a browser makes (RFC 8291's
// user agent), with which the test decrypts what it is sent.
type browser struct {
	priv *ecdh.PrivateKey
	auth []byte
}

func newBrowser(t *testing.T) browser {
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return browser{priv: priv, auth: []byte(rand.Text()[:16])}
}

func (b browser) subscription(endpoint string) notify.Subscription {
	var s notify.Subscription
	s.Endpoint = endpoint
	s.Keys.P256dh = base64.RawURLEncoding.EncodeToString(b.priv.PublicKey().Bytes())
	s.Keys.Auth = base64.RawURLEncoding.EncodeToString(b.auth)
	return s
}

// decrypt reads an aes128gcm message (RFC 8188) encrypted to b as RFC
// 8291 says: the header carries the salt, the record size and the
// sender's one-time public key.
func (b browser) decrypt(body []byte) ([]byte, error) {
	if len(body) < 21 || len(body) < 21+int(body[20]) {
		return nil, errors.New("short header")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	senderKey, ciphertext := body[21:21+idlen], body[21+idlen:]
	if uint32(len(ciphertext)) > rs {
		return nil, fmt.Errorf("one record of %d bytes over the record size %d", len(ciphertext), rs)
	}
	sender, err := ecdh.P256().NewPublicKey(senderKey)
	if err != nil {
		return nil, err
	}
	secret, err := b.priv.ECDH(sender)
	if err != nil {
		return nil, err
	}
	info := append(append([]byte("WebPush: info\x00"), b.priv.PublicKey().Bytes()...), senderKey...)
	ikm, err := hkdf.Key(sha256.New, secret, b.auth, string(info), 32)
	if err != nil {
		return nil, err
	}
	cek, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	if err != nil {
		return nil, err
	}
	nonce, err := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		return nil, err
	}
	// The last record ends with the delimiter 2, then zero padding.
	plain = []byte(strings.TrimRight(string(plain), "\x00"))
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		return nil, errors.New("no last-record delimiter")
	}
	return plain[:len(plain)-1], nil
}

// checkVAPID verifies the Authorization header of a push (RFC 8292): a
// JWT signed with ES256 by the key it names, for the endpoint's origin.
func checkVAPID(header, wantKey, wantAud string) error {
	rest, ok := strings.CutPrefix(header, "vapid t=")
	if !ok {
		return fmt.Errorf("authorization %q: want vapid t=..., k=...", header)
	}
	token, key, ok := strings.Cut(rest, ", k=")
	if !ok || key != wantKey {
		return fmt.Errorf("key %q, want %q", key, wantKey)
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return fmt.Errorf("token %q is not a JWT", token)
	}
	raw, err := base64.RawURLEncoding.DecodeString(key)
	if err != nil {
		return err
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		return err
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || len(sig) != 64 {
		return fmt.Errorf("signature %q: want 64 bytes, %w", parts[2], err)
	}
	sum := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, sum[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return errors.New("the JWT's signature does not verify")
	}
	claims, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return err
	}
	var c struct {
		Aud string `json:"aud"`
		Sub string `json:"sub"`
		Exp int64  `json:"exp"`
	}
	if err := json.Unmarshal(claims, &c); err != nil {
		return err
	}
	if c.Aud != wantAud || c.Sub == "" || c.Exp == 0 {
		return fmt.Errorf("claims %+v: want aud %s, a sub and an exp", c, wantAud)
	}
	return nil
}

func newLog(w io.Writer) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }

// lowTime writes a warning's notes as the server's clock does, with
// the store's claim of the warning.
func lowTime(t *testing.T, st store.Notes, n *notify.Notifier, player, game string, version int64, left time.Duration, info notify.Info) {
	t.Helper()
	notes, err := n.LowTimeNotes(context.Background(), player, game, version, left, info)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddNotes(context.Background(), notes); err != nil {
		t.Fatal(err)
	}
	n.Wake()
}
