package server_test

import (
	"bytes"
	"html"
	"image/gif"
	"image/png"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/plateau-games/plateau/games"
	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/puzzles"
	"github.com/plateau-games/plateau/internal/server"
)

// shareEnv is a server of the real games with a client page, and an
// Oshi game of two plies.
func shareEnv(t *testing.T) (*env, string) {
	t.Helper()
	e := newEnv(t, func(c *server.Config) {
		c.Registry = games.Registry()
		c.Static = fstest.MapFS{"index.html": {Data: []byte("<!doctype html><html><head><title>Plateau</title>\n<meta name=\"description\" content=\"x\">\n</head><body></body></html>")}}
	})
	c := e.create(api.CreateRequest{Game: "oshi", Local: true, Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	for i, mv := range []string{"e3e4", "e7e6"} {
		if st, _, msg := e.play(c.ID, c.Seats[i].Token, mv, i); st != http.StatusOK {
			t.Fatalf("move %s: got %d (%s), want 200", mv, st, msg)
		}
	}
	return e, c.ID
}

// get fetches a path as a crawler does: no cookie, a crawler's agent.
func (e *env) get(path string, hdr ...string) (int, http.Header, []byte) {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.url+path, nil)
	req.Header.Set("User-Agent", "Twitterbot/1.0")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

// TestPictureOfGame checks a game's image: a 1200x630 PNG, its ETag
// answered with 304, another ply another image.
func TestPictureOfGame(t *testing.T) {
	e, id := shareEnv(t)
	st, h, b := e.get("/api/games/" + id + "/picture.png")
	if st != http.StatusOK || h.Get("Content-Type") != "image/png" {
		t.Fatalf("got %d %s (%s), want 200 image/png", st, h.Get("Content-Type"), b)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Size(); got.X != 1200 || got.Y != 630 {
		t.Errorf("got size %v, want 1200x630", got)
	}
	tag := h.Get("ETag")
	if st, _, _ := e.get("/api/games/"+id+"/picture.png", "If-None-Match", tag); st != http.StatusNotModified {
		t.Errorf("with the ETag: got %d, want 304", st)
	}
	if _, h1, _ := e.get("/api/games/" + id + "/picture.png?ply=1"); h1.Get("ETag") == tag || h1.Get("ETag") == "" {
		t.Errorf("ply 1: got ETag %q beside the last ply's %q, want another", h1.Get("ETag"), tag)
	}
}

// TestPictureBadInput checks that what cannot be drawn is a clear 4xx.
func TestPictureBadInput(t *testing.T) {
	e, id := shareEnv(t)
	for _, c := range []struct {
		path string
		want int
		says string
	}{
		{"/api/games/" + id + "/picture.png?ply=3", 400, "plies 0 to 2"},
		{"/api/games/" + id + "/picture.png?ply=-1", 400, "plies 0 to 2"},
		{"/api/games/" + id + "/picture.png?w=5", 400, "image size"},
		{"/api/games/" + id + "/picture.png?h=999999999999999999999", 400, "image size"},
		{"/api/games/nope/picture.png", 404, "no such game"},
		{"/api/games/" + id + "/game.gif?w=5000", 400, "image size"},
		{"/api/picture.png?game=oshi&pos=" + url.QueryEscape("not a position"), 400, "not a position of Oshi"},
		{"/api/picture.png?game=oshi&pos=" + url.QueryEscape(strings.Repeat("x", 100000)), 400, "not a position"},
		{"/api/picture.png?game=chess", 400, "unknown game"},
	} {
		st, _, b := e.get(c.path)
		if st != c.want || !strings.Contains(string(b), c.says) {
			t.Errorf("%s: got %d %.120s, want %d saying %q", c.path[:min(len(c.path), 80)], st, b, c.want, c.says)
		}
	}
}

// TestPicturePosition checks an image of any position.
func TestPicturePosition(t *testing.T) {
	e, _ := shareEnv(t)
	for _, g := range games.Registry().Games() {
		st, h, b := e.get("/api/picture.png?w=300&h=200&game=" + g.Name)
		if st != http.StatusOK || h.Get("Content-Type") != "image/png" {
			t.Errorf("%s: got %d %s (%s), want 200 image/png", g.Name, st, h.Get("Content-Type"), b)
		}
	}
}

// TestGameGIF checks a game's animation: one frame per ply and the start.
func TestGameGIF(t *testing.T) {
	e, id := shareEnv(t)
	st, h, b := e.get("/api/games/" + id + "/game.gif?w=80&h=60")
	if st != http.StatusOK || h.Get("Content-Type") != "image/gif" {
		t.Fatalf("got %d %s (%s), want 200 image/gif", st, h.Get("Content-Type"), b)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if len(anim.Image) != 3 {
		t.Errorf("got %d frames, want 3 (2 plies and the start)", len(anim.Image))
	}
}

var metaRe = regexp.MustCompile(`<meta (?:property|name)="([^"]+)" content="([^"]*)">`)

// metas reads a page's meta tags.
func metas(b []byte) map[string]string {
	out := map[string]string{}
	for _, m := range metaRe.FindAllSubmatch(b, -1) {
		out[string(m[1])] = html.UnescapeString(string(m[2]))
	}
	return out
}

// TestPreviews fetches every shareable address as a crawler and checks
// its title, description, image and card.
func TestPreviews(t *testing.T) {
	e, id := shareEnv(t)
	set, err := puzzles.Load(games.Registry())
	if err != nil {
		t.Fatal(err)
	}
	pz := set.Of(set.Games()[0])[0]
	name, _, _ := strings.Cut(pz.Game, ":")
	for _, c := range []struct {
		path, title, image string
	}{
		{"/game/" + id, "Oshi: ", "/api/games/" + id + "/picture.png"},
		{"/replay/" + id + "/1", "Replay of Oshi: ", "ply=1"},
		{"/analysis/oxford?pos=" + url.QueryEscape("oxxoxo/6/6/6/6/6/6/XOXOXO r"), "Oxford: a position to analyse", "/api/picture.png?"},
		{"/puzzles/" + name + "/" + pz.ID, "puzzle: ", "/api/picture.png?"},
		{"/rules/yoxii", "Rules of Yoxii", "/api/picture.png?game=yoxii"},
	} {
		st, h, b := e.get(c.path)
		m := metas(b)
		if st != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
			t.Errorf("%s: got %d %s, want 200 text/html", c.path, st, h.Get("Content-Type"))
		}
		if !strings.Contains(m["og:title"], c.title) || m["twitter:title"] != m["og:title"] {
			t.Errorf("%s: got og:title %q, twitter:title %q, want both with %q", c.path, m["og:title"], m["twitter:title"], c.title)
		}
		if !strings.HasPrefix(m["og:image"], e.url) || !strings.Contains(m["og:image"], c.image) || m["og:image:width"] != "1200" || m["twitter:card"] != "summary_large_image" {
			t.Errorf("%s: got og:image %q (%s wide), card %q, want an absolute 1200-wide image with %q", c.path, m["og:image"], m["og:image:width"], m["twitter:card"], c.image)
		}
		if m["og:description"] == "" {
			t.Errorf("%s: got no og:description", c.path)
		}
		if st, h, _ := e.get(strings.TrimPrefix(m["og:image"], e.url)); st != http.StatusOK || h.Get("Content-Type") != "image/png" {
			t.Errorf("%s: its image answers %d %s, want 200 image/png", c.path, st, h.Get("Content-Type"))
		}
	}
}

// TestPreviewGameTitle checks the words of a game's title, in English
// and in French.
func TestPreviewGameTitle(t *testing.T) {
	e, id := shareEnv(t)
	_, _, b := e.get("/game/" + id)
	if got, want := metas(b)["og:title"], "Oshi: anonymous vs anonymous, move 2"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	_, _, b = e.get("/game/"+id, "Accept-Language", "fr-FR,fr;q=0.9")
	if got, want := metas(b)["og:title"], "Oshi : anonyme contre anonyme, coup 2"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestPreviewInvite checks an invite's preview: who invites to what, in
// the client's own page, and never the seat token.
func TestPreviewInvite(t *testing.T) {
	e, _ := shareEnv(t)
	c := e.create(api.CreateRequest{Game: "yoxii", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	u, err := url.Parse(c.Invite)
	if err != nil || c.Invite == "" {
		t.Fatalf("got invite %q, want a link", c.Invite)
	}
	token := url.Values{}
	if q, err := url.ParseQuery(u.Fragment); err == nil {
		token = q
	}
	if token.Get("token") == "" {
		t.Fatalf("got invite %q, want a token in its fragment", c.Invite)
	}
	st, _, b := e.get(u.Path)
	m := metas(b)
	if st != http.StatusOK || !strings.Contains(m["og:title"], "to play Yoxii") || m["og:image"] == "" {
		t.Errorf("got %d, og:title %q, og:image %q, want 200, an invitation to Yoxii and an image", st, m["og:title"], m["og:image"])
	}
	if bytes.Contains(b, []byte(token.Get("token"))) {
		t.Error("got the seat token in the invite's preview, want it never there")
	}
	if !bytes.Contains(b, []byte("<body></body>")) || bytes.Count(b, []byte("<title>")) != 1 {
		t.Errorf("got %s, want the client's page with one title", b)
	}
}

// TestPreviewNotFound checks links to nothing: a page saying Plateau,
// status 404, no error.
func TestPreviewNotFound(t *testing.T) {
	e, _ := shareEnv(t)
	for _, p := range []string{"/game/nope", "/replay/nope/3", "/analysis/oshi?pos=bad", "/analysis/chess", "/puzzles/oshi/nope", "/player/nobody", "/rules/chess"} {
		st, _, b := e.get(p)
		if st != http.StatusNotFound || metas(b)["og:title"] != "Plateau" {
			t.Errorf("%s: got %d og:title %q, want 404 Plateau", p, st, metas(b)["og:title"])
		}
	}
}

// TestPreviewPlayerAndInviter checks a player's preview and an invite
// naming its inviter.
func TestPreviewPlayerAndInviter(t *testing.T) {
	e, _ := shareEnv(t)
	b := newBrowser(t, e)
	me := b.signUp("ada", "a long enough password 1")
	var c api.CreateResponse
	if a := b.send("POST", "/api/games", api.CreateRequest{Game: "oshi", Seats: []api.SeatRequest{{Kind: "human"}, {Kind: "human"}}}, &c); a.StatusCode != http.StatusCreated {
		t.Fatalf("create: got %d, want 201", a.StatusCode)
	}
	_, _, page := e.get("/g/" + c.ID)
	if got, want := metas(page)["og:title"], me.Name+" invites you to play Oshi"; got != want {
		t.Errorf("invite: got %q, want %q", got, want)
	}
	_, _, page = e.get("/player/ada")
	m := metas(page)
	if got, want := m["og:title"], me.Name+" on Plateau"; got != want {
		t.Errorf("player: got %q, want %q", got, want)
	}
	if m["og:image"] == "" || m["twitter:card"] != "summary" {
		t.Errorf("player: got image %q, card %q, want the icon and a summary card", m["og:image"], m["twitter:card"])
	}
}

// TestReadableExportImport exports a game as a readable record and
// imports it back, then refuses bad ones with their line and move.
func TestReadableExportImport(t *testing.T) {
	e, id := shareEnv(t)
	st, h, b := e.get("/api/games/" + id + "/record.txt")
	if st != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/plain") || !bytes.Contains(b, []byte("1. e3e4 e7e6 *")) {
		t.Fatalf("export: got %d %s %q", st, h.Get("Content-Type"), b)
	}
	var out server.ImportedRecord
	if st := e.call("POST", "/api/records/import?game=oshi", string(b), &out); st != http.StatusOK {
		t.Fatalf("import: got %d", st)
	}
	if out.Game != "oshi" || strings.Join(out.Moves, " ") != "e3e4 e7e6" || out.Tags["First"] != "anonymous" || out.Position == out.Start {
		t.Errorf("import: got %+v", out)
	}
	for _, c := range []struct {
		path, body string
		want       int
		says       string
	}{
		{"/api/records/import?game=oxford", string(b), 400, "a game of oshi, not of oxford"},
		{"/api/records/import", strings.Replace(string(b), "e7e6", "e7e1", 1), 400, "move 2 (e7e1)"},
		{"/api/records/import", "[Colour \"red\"]", 400, `unknown tag "Colour"`},
		{"/api/records/import", strings.Repeat("1. ", 400000), 413, "at most"},
	} {
		var eb errorBody
		if st := e.call("POST", c.path, c.body, &eb); st != c.want || !strings.Contains(eb.Error, strings.ReplaceAll(c.says, `\"`, `"`)) {
			t.Errorf("%s: got %d %q, want %d saying %q", c.path, st, eb.Error, c.want, c.says)
		}
	}
}

// TestEmbeds checks the embeds: framable by any site (that route alone),
// a game's moves and steps as links, the theme, and links to nothing.
func TestEmbeds(t *testing.T) {
	e, id := shareEnv(t)
	set, err := puzzles.Load(games.Registry())
	if err != nil {
		t.Fatal(err)
	}
	pz := set.Of(set.Games()[0])[0]
	name, _, _ := strings.Cut(pz.Game, ":")
	for _, p := range []string{"/embed/game/" + id, "/embed/game/" + id + "?ply=1&theme=dark", "/embed/position/oxford", "/embed/puzzle/" + name + "/" + pz.ID} {
		st, h, b := e.get(p)
		if st != http.StatusOK || !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors *") || h.Get("X-Frame-Options") != "" {
			t.Errorf("%s: got %d, CSP %q, X-Frame-Options %q, want 200 framable by all", p, st, h.Get("Content-Security-Policy"), h.Get("X-Frame-Options"))
		}
		if bytes.Contains(b, []byte("<script")) || !bytes.Contains(b, []byte(`<img src="/api/`)) {
			t.Errorf("%s: got %s, want an image and no script", p, b)
		}
	}
	_, _, b := e.get("/embed/game/" + id + "?ply=1&theme=dark")
	for _, want := range []string{`href="/embed/game/` + id + `?theme=dark&amp;ply=2"`, `aria-current="step">e3e4`, `--bg: #171513`, "ply=1&amp;lang=en"} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("game embed at ply 1: got %s, want %q in it", b, want)
		}
	}
	if bytes.Contains(b, []byte("prefers-color-scheme")) {
		t.Error("a dark embed still follows the system's scheme")
	}
	if _, h, _ := e.get("/game/" + id); !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Errorf("a game's page: got CSP %q, want frame-ancestors 'none'", h.Get("Content-Security-Policy"))
	}
	for _, p := range []string{"/embed/game/nope", "/embed/game/" + id + "?ply=9", "/embed/position/oshi?pos=bad", "/embed/puzzle/oshi/nope"} {
		if st, _, _ := e.get(p); st != http.StatusNotFound {
			t.Errorf("%s: got %d, want 404", p, st)
		}
	}
}
