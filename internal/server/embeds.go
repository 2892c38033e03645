package server

import (
	"bytes"
	"html/template"
	"net/http"
	"net/url"
	"strconv"

	"github.com/plateau-games/plateau/internal/puzzles"
)

// embedPolicy lets any site frame an embed, and the page nothing but its
// own images and inline style: it has no script at all.
const embedPolicy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *"

// embedPage is an embed: the board as an image (drawn by the server),
// and for a game its moves as links that step through it. A live game
// refreshes itself. Light or dark follows ?theme=, else the reader's
// system.
const embedPage = `<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
{{if .Refresh}}<meta http-equiv="refresh" content="10">{{end}}
<style>
:root { --bg: #f6f3ec; --fg: #1d1b18; --muted: #575047; --accent: #0b4fb3; --line: #d8d0c0; }
{{if eq .Theme "dark"}}:root { --bg: #171513; --fg: #ece6da; --muted: #b5ab9b; --accent: #8fb8ff; --line: #4a4339; }{{end}}
{{if eq .Theme ""}}@media (prefers-color-scheme: dark) { :root { --bg: #171513; --fg: #ece6da; --muted: #b5ab9b; --accent: #8fb8ff; --line: #4a4339; } }{{end}}
body { margin: 0; padding: .5rem; font: 14px system-ui, sans-serif; background: var(--bg); color: var(--fg); }
img { display: block; width: 100%; height: auto; max-width: 900px; }
h1 { font-size: 1rem; margin: .25rem 0; }
a { color: var(--accent); }
nav.steps { display: flex; gap: .5rem; margin: .4rem 0; }
nav.steps a, nav.steps span { padding: .2rem .6rem; border: 1px solid var(--line); border-radius: .3rem; text-decoration: none; }
nav.steps span { color: var(--muted); }
ol.moves { columns: 4 8rem; margin: .3rem 0; padding-left: 2rem; font-family: ui-monospace, monospace; }
ol.moves a[aria-current] { font-weight: 700; color: var(--fg); }
p.open { color: var(--muted); margin: .3rem 0; }
</style>
</head><body>
<h1>{{.Title}}</h1>
<img src="{{.Image}}" alt="{{.Title}}" width="600" height="400">
{{if .Moves}}<nav class="steps" aria-label="{{.Words.steps}}">
{{range .Steps}}{{if .Href}}<a href="{{.Href}}" aria-label="{{.Label}}">{{.Text}}</a>{{else}}<span aria-hidden="true">{{.Text}}</span>{{end}}
{{end}}</nav>
<ol class="moves">{{range .Moves}}<li><a href="{{.Href}}"{{if .Current}} aria-current="step"{{end}}>{{.Text}}</a></li>{{end}}</ol>{{end}}
<p class="open"><a href="{{.Open}}" target="_blank" rel="noopener">{{.Words.open}}</a></p>
</body></html>
`

// embed is what embedPage shows.
type embed struct {
	Lang, Title, Image, Open, Theme string
	Refresh                         bool
	Steps                           []embedLink
	Moves                           []embedLink
	Words                           map[string]string
}

type embedLink struct {
	Text, Href, Label string
	Current           bool
}

// embedService answers /embed/... pages.
type embedService struct {
	s       *Server
	page    *template.Template
	puzzles *puzzles.Set
}

// routesEmbeds registers the embeddable pages of a game, a position and
// a puzzle.
func (s *Server) routesEmbeds(m *http.ServeMux, set *puzzles.Set) {
	e := &embedService{s: s, page: template.Must(template.New("embed").Parse(embedPage)), puzzles: set}
	m.HandleFunc("GET /embed/game/{id}", e.handleGame)
	m.HandleFunc("GET /embed/position/{game}", e.handlePosition)
	m.HandleFunc("GET /embed/puzzle/{game}/{id}", e.handlePuzzle)
}

// write answers an embed, framable by any site.
func (e *embedService) write(w http.ResponseWriter, r *http.Request, status int, p embed) {
	p.Lang = requestLang(r)
	if t := r.URL.Query().Get("theme"); t == "light" || t == "dark" {
		p.Theme = t
	}
	p.Words = map[string]string{"open": word(p.Lang, "embed"), "steps": word(p.Lang, "move", len(p.Moves))}
	var b bytes.Buffer
	if err := e.page.Execute(&b, p); err != nil {
		e.s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", embedPolicy)
	h.Del("X-Frame-Options")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=10")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

func (e *embedService) notFound(w http.ResponseWriter, r *http.Request) {
	e.write(w, r, http.StatusNotFound, embed{Title: "Plateau", Image: "/icons/icon-192.png", Open: "/"})
}

// handleGame shows a game at ?ply= (its last position without it), its
// moves as links, and steps to the start, the previous and next moves
// and the end.
func (e *embedService) handleGame(w http.ResponseWriter, r *http.Request) {
	id, ply := r.PathValue("id"), r.URL.Query().Get("ply")
	sg, gm, _, err := e.s.loadPlayed(r.Context(), id, ply)
	if err != nil {
		e.notFound(w, r)
		return
	}
	lang, n, total := requestLang(r), plyOf(ply, len(sg.Moves)), len(sg.Moves)
	base := "/embed/game/" + url.PathEscape(sg.ID) + "?" + keep(r) + "ply="
	p := embed{Title: e.s.gameTitle(r.Context(), sg, gm, n, lang), Open: "/replay/" + url.PathEscape(sg.ID) + "/" + strconv.Itoa(n),
		Image:   "/api/games/" + url.PathEscape(sg.ID) + "/picture.png?w=900&h=600&ply=" + strconv.Itoa(n) + "&lang=" + lang,
		Refresh: sg.Result == "ongoing" && ply == ""}
	step := func(text, key string, to int, ok bool) embedLink {
		if !ok {
			return embedLink{Text: text}
		}
		return embedLink{Text: text, Href: base + strconv.Itoa(to), Label: word(lang, key)}
	}
	p.Steps = []embedLink{step("⏮", "start", 0, n > 0), step("◀", "prev", n-1, n > 0), step("▶", "next", n+1, n < total), step("⏭", "end", total, n < total)}
	for i, m := range sg.Moves {
		p.Moves = append(p.Moves, embedLink{Text: m.Text, Href: base + strconv.Itoa(i+1), Current: i+1 == n})
	}
	e.write(w, r, http.StatusOK, p)
}

// keep is the query an embed's links carry on: its theme and language.
func keep(r *http.Request) string {
	q := url.Values{}
	for _, k := range []string{"theme", "lang"} {
		if v := r.URL.Query().Get(k); v != "" {
			q.Set(k, v)
		}
	}
	if len(q) == 0 {
		return ""
	}
	return q.Encode() + "&"
}

// handlePosition shows ?pos= of a game (its start without it).
func (e *embedService) handlePosition(w http.ResponseWriter, r *http.Request) {
	id, pos := r.PathValue("game"), r.URL.Query().Get("pos")
	gm, _, err := e.s.cfg.Registry.Lookup(id)
	if err != nil {
		e.notFound(w, r)
		return
	}
	st, err := e.s.cfg.Registry.New(id, pos)
	if err != nil {
		e.notFound(w, r)
		return
	}
	lang := requestLang(r)
	q := url.Values{"game": {id}, "pos": {st.String()}, "w": {"900"}, "h": {"600"}, "lang": {lang}}
	e.write(w, r, http.StatusOK, embed{Title: word(lang, "analysis", gm.Title), Image: "/api/picture.png?" + q.Encode(),
		Open: "/analysis/" + url.PathEscape(id) + "?" + url.Values{"pos": {st.String()}}.Encode()})
}

// handlePuzzle shows a puzzle's position, and links to solving it.
func (e *embedService) handlePuzzle(w http.ResponseWriter, r *http.Request) {
	name, id := r.PathValue("game"), r.PathValue("id")
	if e.puzzles == nil {
		e.notFound(w, r)
		return
	}
	pz, err := e.puzzles.Get(id)
	gm, _, lerr := e.s.cfg.Registry.Lookup(pz.Game)
	if err != nil || lerr != nil || gm.Name != name {
		e.notFound(w, r)
		return
	}
	st, err := e.s.cfg.Registry.New(pz.Game, pz.Position)
	if err != nil {
		e.notFound(w, r)
		return
	}
	lang := requestLang(r)
	q := url.Values{"game": {pz.Game}, "pos": {pz.Position}, "w": {"900"}, "h": {"600"}, "lang": {lang}}
	e.write(w, r, http.StatusOK, embed{Title: word(lang, "puzzle", gm.Title, gm.Colours[st.ToAct()].In(lang)),
		Image: "/api/picture.png?" + q.Encode(), Open: "/puzzles/" + url.PathEscape(name) + "/" + url.PathEscape(id)})
}
