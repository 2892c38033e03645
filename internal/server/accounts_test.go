package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store/storetest"
)

// code sends a request as the browser does and returns the status and
// the error code of the answer ("" for a success).
func (b *browser) code(method, path string, body any) (int, string) {
	b.t.Helper()
	var raw json.RawMessage
	a := b.send(method, path, body, &raw)
	var eb errorBody
	_ = json.Unmarshal(raw, &eb) // a success has no code
	return a.StatusCode, eb.Code
}

// signUp makes b's guest (made first if need be) an account and
// returns it.
func (b *browser) signUp(username, password string) api.Me {
	b.t.Helper()
	b.me()
	var me api.Me
	if a := b.send("POST", "/api/account/signup", api.Credentials{Username: username, Password: password}, &me); a.StatusCode != 200 {
		b.t.Fatalf("sign up %s: got %d, want 200", username, a.StatusCode)
	}
	return me
}

// TestSignUpAndLogIn: a guest signs up keeping its id; another browser
// logs in to the same player, and its own guest is merged into it.
func TestSignUpAndLogIn(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	first := newBrowser(t, e)
	guest := first.me()
	me := first.signUp("Ada", "correct horse")
	if me.ID != guest.ID || me.Guest || me.Username != "Ada" || me.Name != guest.Name || !me.Password {
		t.Fatalf("got %+v, want guest %s become account Ada with a password", me, guest.ID)
	}
	if st, code := first.code("POST", "/api/account/signup", api.Credentials{Username: "Other", Password: "correct horse"}); st != http.StatusConflict || code != "already_account" {
		t.Errorf("signing up twice: got %d %s, want 409 already_account", st, code)
	}
	other := newBrowser(t, e)
	otherGuest := other.me()
	for _, tc := range []struct {
		cred       api.Credentials
		status     int
		code, what string
	}{
		{api.Credentials{Username: "Ada", Password: "wrong horse"}, 401, "bad_credentials", "wrong password"},
		{api.Credentials{Username: "Nobody", Password: "correct horse"}, 401, "bad_credentials", "unknown user"},
		{api.Credentials{Username: "Ada", Password: string(make([]byte, 2000))}, 400, "malformed", "oversized"},
	} {
		if st, code := other.code("POST", "/api/account/login", tc.cred); st != tc.status || code != tc.code {
			t.Errorf("%s: got %d %s, want %d %s", tc.what, st, code, tc.status, tc.code)
		}
	}
	if got := other.me(); got.ID != otherGuest.ID {
		t.Fatalf("after failed logins: got %s, want still guest %s", got.ID, otherGuest.ID)
	}
	var in api.Me
	if a := other.send("POST", "/api/account/login", api.Credentials{Username: "aDA", Password: "correct horse"}, &in); a.StatusCode != 200 || in.ID != me.ID || a.cookie == nil {
		t.Fatalf("login: got %d %+v, want 200 as %s with a new cookie", a.StatusCode, in, me.ID)
	}
	if got := other.me(); got.ID != me.ID || got.Username != "Ada" {
		t.Errorf("other browser after login: got %+v, want Ada", got)
	}
	if got := first.me(); got.ID != me.ID {
		t.Errorf("first browser: got %+v, want still Ada", got)
	}
}

// TestUsernameRules: sign-up refuses bad, reserved and taken usernames
// and weak passwords, and changes nothing.
func TestUsernameRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	newBrowser(t, e).signUp("grace", "correct horse")
	b := newBrowser(t, e)
	b.me()
	for _, tc := range []struct {
		cred   api.Credentials
		status int
		code   string
	}{
		{api.Credentials{Username: "GRACE", Password: "correct horse"}, 409, "name_taken"},
		{api.Credentials{Username: "ab", Password: "correct horse"}, 422, "name_invalid"},
		{api.Credentials{Username: "<b>x</b>", Password: "correct horse"}, 422, "name_invalid"},
		{api.Credentials{Username: "AI_level_5", Password: "correct horse"}, 422, "name_reserved"},
		{api.Credentials{Username: "admin", Password: "correct horse"}, 422, "name_reserved"},
		{api.Credentials{Username: "ada", Password: "short"}, 422, "password_invalid"},
	} {
		if st, code := b.code("POST", "/api/account/signup", tc.cred); st != tc.status || code != tc.code {
			t.Errorf("%+v: got %d %s, want %d %s", tc.cred, st, code, tc.status, tc.code)
		}
	}
	if me := b.me(); !me.Guest {
		t.Errorf("after refused sign-ups: got %+v, want still a guest", me)
	}
}

// TestLoginThrottle: after five failures a username is refused, even the
// right password, until the window passes; other usernames are not.
func TestLoginThrottle(t *testing.T) {
	t.Parallel()
	clock := newFakeClock()
	e := newEnv(t, func(c *server.Config) { withPage(c); c.Now = clock.Now })
	newBrowser(t, e).signUp("ada", "correct horse")
	newBrowser(t, e).signUp("bob", "correct horse")
	b := newBrowser(t, e)
	for i := range 5 {
		if st, code := b.code("POST", "/api/account/login", api.Credentials{Username: "ada", Password: "guess"}); code != "bad_credentials" {
			t.Fatalf("failure %d: got %d %s, want bad_credentials", i+1, st, code)
		}
	}
	good := api.Credentials{Username: "ada", Password: "correct horse"}
	if st, code := b.code("POST", "/api/account/login", good); st != http.StatusTooManyRequests || code != "throttled" {
		t.Errorf("sixth attempt: got %d %s, want 429 throttled", st, code)
	}
	if st, _ := b.code("POST", "/api/account/login", api.Credentials{Username: "bob", Password: "correct horse"}); st != 200 {
		t.Errorf("another username: got %d, want 200", st)
	}
	clock.advance(15 * time.Minute)
	if st, code := b.code("POST", "/api/account/login", good); st != 200 {
		t.Errorf("after the window: got %d %s, want 200", st, code)
	}
}

// TestAddressThrottle: one address trying many usernames is refused
// after thirty failures in the window.
func TestAddressThrottle(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	b := newBrowser(t, e)
	status := 0
	for i := range 31 {
		status, _ = b.code("POST", "/api/account/login", api.Credentials{Username: "user" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Password: "guess"})
	}
	if status != http.StatusTooManyRequests {
		t.Errorf("31st failure from one address: got %d, want 429", status)
	}
}

// TestPasswordChange: the old password is needed; other sessions end,
// this one stays; the new password logs in, the old does not.
func TestPasswordChange(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	a := newBrowser(t, e)
	me := a.signUp("ada", "correct horse")
	b := newBrowser(t, e)
	b.me()
	if st, _ := b.code("POST", "/api/account/login", api.Credentials{Username: "ada", Password: "correct horse"}); st != 200 {
		t.Fatalf("login: got %d", st)
	}
	if st, code := a.code("POST", "/api/account/password", api.PasswordChange{Old: "wrong", New: "battery staple"}); code != "bad_credentials" {
		t.Errorf("wrong old password: got %d %s, want bad_credentials", st, code)
	}
	if st, code := a.code("POST", "/api/account/password", api.PasswordChange{Old: "correct horse", New: "battery staple"}); st != 200 {
		t.Fatalf("change: got %d %s, want 200", st, code)
	}
	if got := a.me(); got.ID != me.ID {
		t.Errorf("changing browser: got %s, want still %s", got.ID, me.ID)
	}
	if got := b.me(); got.ID == me.ID {
		t.Errorf("other browser: got %s still logged in, want its session ended", got.ID)
	}
	c := newBrowser(t, e)
	c.me()
	if st, _ := c.code("POST", "/api/account/login", api.Credentials{Username: "ada", Password: "correct horse"}); st != 401 {
		t.Errorf("old password: got %d, want 401", st)
	}
	if st, _ := c.code("POST", "/api/account/login", api.Credentials{Username: "ada", Password: "battery staple"}); st != 200 {
		t.Errorf("new password: got %d, want 200", st)
	}
}

// TestLogout: the browser becomes a new guest; the account is intact.
func TestLogout(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	b := newBrowser(t, e)
	me := b.signUp("ada", "correct horse")
	var after api.Me
	if a := b.send("POST", "/api/account/logout", nil, &after); a.StatusCode != 200 || after.ID == me.ID || !after.Guest {
		t.Fatalf("logout: got %d %+v, want a new guest", a.StatusCode, after)
	}
	if got := b.me(); got.ID != after.ID {
		t.Errorf("after logout: got %s, want the new guest %s", got.ID, after.ID)
	}
	if st, _ := b.code("POST", "/api/account/login", api.Credentials{Username: "ada", Password: "correct horse"}); st != 200 {
		t.Errorf("login again: got %d, want 200", st)
	}
}

// TestCrossSiteRefused: a state-changing request with the session
// cookie is refused unless it proves it comes from the server's own
// pages, and changes nothing.
func TestCrossSiteRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	b := newBrowser(t, e)
	me := b.me()
	u := mustURL(t, e.url)
	cookie := ""
	for _, c := range b.client.Jar.Cookies(u) {
		cookie = c.Name + "=" + c.Value
	}
	for _, tc := range []struct {
		name    string
		headers map[string]string
		want    int
	}{
		{"no origin at all", map[string]string{}, 403},
		{"another site", map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, 403},
		{"another origin", map[string]string{"Origin": "https://evil.example"}, 403},
		{"same site, other origin", map[string]string{"Sec-Fetch-Site": "same-site"}, 403},
		{"same origin", map[string]string{"Origin": e.url, "Sec-Fetch-Site": "same-origin"}, 200},
	} {
		tc.headers["Cookie"] = cookie
		resp, body := e.do("PATCH", "/api/me", `{"name":"Mallory"}`, tc.headers)
		var eb errorBody
		_ = jsonUnmarshal(body, &eb)
		if resp.StatusCode != tc.want || (tc.want == 403 && eb.Code != "cross_origin") {
			t.Errorf("%s: got %d %s, want %d", tc.name, resp.StatusCode, eb.Code, tc.want)
		}
		if tc.want == 403 {
			if got := b.me(); got.Name != me.Name {
				t.Errorf("%s: got name %q, want %q unchanged", tc.name, got.Name, me.Name)
			}
		}
	}
	// Programs without a cookie are not concerned.
	if resp, _ := e.do("POST", "/api/games", createBody, nil); resp.StatusCode != http.StatusCreated {
		t.Errorf("program without cookie: got %d, want 201", resp.StatusCode)
	}
}

// TestDeleteAccount: credentials and sessions go, the name becomes
// anonymous, the games stay; the username is free again.
func TestDeleteAccount(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	b := newBrowser(t, e)
	me := b.signUp("ada", "correct horse")
	var c created
	if a := b.send("POST", "/api/games", vsAI(1), &c); a.StatusCode != http.StatusCreated {
		t.Fatalf("create: got %d", a.StatusCode)
	}
	if st, _ := b.code("DELETE", "/api/account", api.DeleteAccount{Confirm: "bob"}); st != 400 {
		t.Errorf("wrong confirmation: got %d, want 400", st)
	}
	var after api.Me
	if a := b.send("DELETE", "/api/account", api.DeleteAccount{Confirm: "ADA"}, &after); a.StatusCode != 200 || after.ID == me.ID || !after.Guest {
		t.Fatalf("delete: got %d %+v, want a new guest", a.StatusCode, after)
	}
	if v := e.view(c.ID); v.ID != c.ID {
		t.Errorf("the account's game: got %+v, want it kept", v)
	}
	other := newBrowser(t, e)
	other.me()
	if st, code := other.code("POST", "/api/account/login", api.Credentials{Username: "ada", Password: "correct horse"}); st != 401 {
		t.Errorf("login to a deleted account: got %d %s, want 401", st, code)
	}
	if again := other.signUp("ada", "battery staple"); again.ID == me.ID {
		t.Errorf("username reused: got the deleted player's id %s", again.ID)
	}
}

// TestLoginAcrossServers: an account made through one server logs in
// through the other (one PostgreSQL), and the throttle counts on both.
func TestLoginAcrossServers(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	t.Parallel()
	schema := storetest.FreshSchema(t, dsn, "logins")
	a, b := newEnvOn(t, schema, withPage), newEnvOn(t, schema, withPage)
	me := newBrowser(t, a).signUp("ada", "correct horse")
	x := newBrowser(t, b)
	x.me()
	for i := range 5 {
		srv := []*browser{x, x.on(a)}[i%2]
		if st, code := srv.code("POST", "/api/account/login", api.Credentials{Username: "ada", Password: "guess"}); code != "bad_credentials" {
			t.Fatalf("failure %d: got %d %s", i+1, st, code)
		}
	}
	if st, code := x.code("POST", "/api/account/login", api.Credentials{Username: "ada", Password: "correct horse"}); code != "throttled" {
		t.Errorf("sixth attempt, five failures split over two servers: got %d %s, want throttled", st, code)
	}
	y := newBrowser(t, b)
	y.me()
	var in api.Me
	_ = y.send("POST", "/api/account/login", api.Credentials{Username: "ada", Password: "correct horse"}, &in)
	if in.ID == me.ID {
		t.Errorf("throttled username from another address: got logged in, want refused too")
	}
}

// TestPasskeyRefusals: a ceremony not begun, a forged answer, and a
// second finish of one ceremony are refused, and change nothing.
func TestPasskeyRefusals(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withPage)
	b := newBrowser(t, e)
	b.url = strings.Replace(b.url, "127.0.0.1", "localhost", 1) // WebAuthn wants a domain
	b.me()
	forged := map[string]any{"credential": map[string]any{"id": "AAAA", "rawId": "AAAA", "type": "public-key",
		"response": map[string]string{"clientDataJSON": "e30", "attestationObject": "oA"}}}
	for _, path := range []string{"/api/account/passkeys/finish", "/api/account/login/passkey/finish"} {
		if st, code := b.code("POST", path, forged); st != 401 || code != "passkey_failed" {
			t.Errorf("%s without a ceremony: got %d %s, want 401 passkey_failed", path, st, code)
		}
	}
	var options map[string]any
	if a := b.send("POST", "/api/account/passkeys/begin", api.PasskeyBegin{Username: "ada"}, &options); a.StatusCode != 200 || options["publicKey"] == nil {
		t.Fatalf("begin: got %d %v, want options", a.StatusCode, options)
	}
	if st, code := b.code("POST", "/api/account/passkeys/finish", forged); st != 401 || code != "passkey_failed" {
		t.Errorf("forged answer: got %d %s, want 401 passkey_failed", st, code)
	}
	if st, code := b.code("POST", "/api/account/passkeys/finish", forged); st != 401 || code != "passkey_failed" {
		t.Errorf("second finish of one ceremony: got %d %s, want 401 passkey_failed", st, code)
	}
	if me := b.me(); !me.Guest {
		t.Errorf("after refused passkeys: got %+v, want still a guest", me)
	}
	newBrowser(t, e).signUp("grace", "correct horse")
	for _, tc := range []struct {
		username string
		code     string
	}{{"GRACE", "name_taken"}, {"admin", "name_reserved"}, {"x", "name_invalid"}} {
		if _, code := b.code("POST", "/api/account/passkeys/begin", api.PasskeyBegin{Username: tc.username}); code != tc.code {
			t.Errorf("begin as %q: got %s, want %s", tc.username, code, tc.code)
		}
	}
	if st, _ := b.code("GET", "/api/account/passkeys", nil); st != http.StatusForbidden {
		t.Errorf("a guest's passkeys: got %d, want 403", st)
	}
}
