package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"strings"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/internal/puzzles"
	"github.com/plateau-games/plateau/internal/store"
)

// preview is what a shared link shows when a chat application or a
// search engine fetches it: Open Graph and Twitter card tags.
type preview struct {
	Lang        string
	Title       string
	Description string
	URL         string // the page's own address, absolute
	Image       string // absolute; a 1200x630 board when set
	Icon        string // absolute; a small square image, without a board
	Redirect    string // where people go on: the client's route
}

// previewTags are the tags of a preview, the same in the client's page
// (an invite) and in a preview page of its own.
const previewTags = `<title>{{.Title}}</title>
<meta name="description" content="{{.Description}}">
<meta property="og:site_name" content="Plateau">
<meta property="og:type" content="website">
<meta property="og:title" content="{{.Title}}">
<meta property="og:description" content="{{.Description}}">
<meta property="og:url" content="{{.URL}}">
{{- if .Image}}
<meta property="og:image" content="{{.Image}}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:image" content="{{.Image}}">
{{- else if .Icon}}
<meta property="og:image" content="{{.Icon}}">
<meta name="twitter:card" content="summary">
{{- else}}
<meta name="twitter:card" content="summary">
{{- end}}
<meta name="twitter:title" content="{{.Title}}">
<meta name="twitter:description" content="{{.Description}}">
`

// previewPage is the page of a shared link: the tags for machines, and
// for people a refresh to the client's route (no script: the page's
// policy allows none inline) with a link in case it is not followed.
const previewPage = `<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{{template "tags" .}}<meta http-equiv="refresh" content="0; url={{.Redirect}}">
</head><body>
<h1>{{.Title}}</h1>
<p>{{.Description}}</p>
<p><a href="{{.Redirect}}">Plateau</a></p>
</body></html>
`

// previewService answers the shareable addresses of games, invites,
// replays, analyses, puzzles, players, rules and tournaments.
type previewService struct {
	s       *Server
	page    *template.Template
	puzzles *puzzles.Set
	static  http.Handler // the client's files, for an invite to no game
}

// routesPreviews registers the shareable addresses. The client routes
// with the address's fragment, which crawlers never send; these paths
// carry what a preview needs, and send people on to the client.
// It returns the puzzles it loaded, nil when they could not be.
func (s *Server) routesPreviews(m *http.ServeMux) *puzzles.Set {
	page := template.Must(template.Must(template.New("page").Parse(previewPage)).New("tags").Parse(previewTags))
	set, err := puzzles.Load(s.cfg.Registry)
	if err != nil {
		s.log.Warn("puzzle previews are off", "err", err)
		set = nil
	}
	v := &previewService{s: s, page: page, puzzles: set, static: s.staticHandler()}
	m.HandleFunc("GET /g/{id}", v.handleInvite)
	m.HandleFunc("GET /game/{id}", v.handleGame)
	m.HandleFunc("GET /replay/{id}", v.handleReplay)
	m.HandleFunc("GET /replay/{id}/{ply}", v.handleReplay)
	m.HandleFunc("GET /analysis/{game}", v.handleAnalysis)
	m.HandleFunc("GET /puzzles/{game}/{id}", v.handlePuzzle)
	m.HandleFunc("GET /player/{ref}", v.handlePlayer)
	m.HandleFunc("GET /rules/{game}", v.handleRules)
	m.HandleFunc("GET /tournament/{id}", v.handleTournament)
	return set
}

// base is the server's address as people reach it.
func (v *previewService) base(r *http.Request) string {
	if u := v.s.cfg.PublicURL; u != nil {
		return strings.TrimSuffix(u.String(), "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// write answers a preview page; a failure to find what the link names
// still answers a page (a crawler shows something), with status 404.
func (v *previewService) write(w http.ResponseWriter, r *http.Request, status int, p preview) {
	p.Lang = requestLang(r)
	p.URL = v.base(r) + r.URL.EscapedPath()
	var b bytes.Buffer
	if err := v.page.ExecuteTemplate(&b, "page", p); err != nil {
		v.s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=60")
	h.Set("Vary", "Accept-Language")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// notFound is the preview of a link to nothing.
func (v *previewService) notFound(w http.ResponseWriter, r *http.Request, route string) {
	v.write(w, r, http.StatusNotFound, preview{Title: "Plateau", Description: "Play Oxford, Oshi, Yoxii and Abraxas in the browser.", Redirect: "/#" + route})
}

func (v *previewService) handleGame(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	sg, gm, err := v.s.loadStored(r.Context(), id)
	if err != nil {
		v.notFound(w, r, "/game/"+url.PathEscape(id))
		return
	}
	lang := requestLang(r)
	v.write(w, r, http.StatusOK, preview{
		Title:       v.s.gameTitle(r.Context(), sg, gm, len(sg.Moves), lang),
		Description: word(lang, "gameDesc", gm.Title),
		Image:       v.base(r) + "/api/games/" + url.PathEscape(sg.ID) + "/picture.png?lang=" + lang,
		Redirect:    "/#/game/" + url.PathEscape(sg.ID),
	})
}

func (v *previewService) handleReplay(w http.ResponseWriter, r *http.Request) {
	id, ply := r.PathValue("id"), r.PathValue("ply")
	route := "/replay/" + url.PathEscape(id)
	sg, gm, _, err := v.s.loadPlayed(r.Context(), id, ply)
	if err != nil {
		v.notFound(w, r, route)
		return
	}
	lang := requestLang(r)
	n := plyOf(ply, len(sg.Moves))
	img := v.base(r) + "/api/games/" + url.PathEscape(sg.ID) + "/picture.png?lang=" + lang
	if ply != "" {
		route += "/" + ply
		img += "&ply=" + ply
	}
	v.write(w, r, http.StatusOK, preview{
		Title:       word(lang, "replay", v.s.gameTitle(r.Context(), sg, gm, n, lang)),
		Description: word(lang, "gameDesc", gm.Title),
		Image:       img,
		Redirect:    "/#" + route,
	})
}

// handleInvite answers an invite link. Its seat token is in the
// fragment, which never reaches the server, so it cannot leak here;
// the client's page is served with the preview's tags, and claims the
// seat as before.
func (v *previewService) handleInvite(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	sg, gm, err := v.s.loadStored(r.Context(), id)
	if err != nil {
		v.static.ServeHTTP(w, r) // the client says there is no such game
		return
	}
	lang := requestLang(r)
	p := preview{Redirect: "/#/game/" + url.PathEscape(id),
		Image: v.base(r) + "/api/games/" + url.PathEscape(sg.ID) + "/picture.png?lang=" + lang}
	p.Title, p.Description = v.inviteWords(r.Context(), sg, gm, lang)
	v.writeClient(w, r, p)
}

// inviteWords says who invites to what.
func (v *previewService) inviteWords(ctx context.Context, sg store.Game, gm game.Game, lang string) (title, desc string) {
	refs := v.s.seatNames(ctx, sg.Seats)
	title = word(lang, "inviteAnon", gm.Title)
	for i, ref := range refs {
		if ref != nil && ref.Name != "" && sg.Seats[1-i].Player == "" && sg.Seats[1-i].Kind != store.AI {
			title = word(lang, "invite", ref.Name, gm.Title)
		}
	}
	return title, word(lang, "inviteDesc", gm.Title)
}

// writeClient answers the client's own page with a preview's tags in
// place of its title and description, cached as the client's files are
// (an ETag of its content, asked again every time); without a client
// page to put them in, the client's files answer as before.
func (v *previewService) writeClient(w http.ResponseWriter, r *http.Request, p preview) {
	var index []byte
	if v.s.cfg.Static != nil {
		index, _ = fs.ReadFile(v.s.cfg.Static, "index.html")
	}
	head, rest, ok := bytes.Cut(index, []byte("</head>"))
	if !ok {
		v.static.ServeHTTP(w, r)
		return
	}
	p.Lang = requestLang(r)
	p.URL = v.base(r) + r.URL.EscapedPath()
	var tags bytes.Buffer
	if err := v.page.ExecuteTemplate(&tags, "tags", p); err != nil {
		v.s.fail(w, r, err)
		return
	}
	head = dropTag(dropTag(head, "<title>", "</title>"), `<meta name="description"`, ">")
	page := append(append(append(head, tags.Bytes()...), "</head>"...), rest...)
	sum := sha256.Sum256(page)
	tag := `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	h := w.Header()
	h.Set("ETag", tag)
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Language")
	if strings.Contains(r.Header.Get("If-None-Match"), tag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	w.Write(page)
}

// dropTag removes the first text from open to close, both included.
func dropTag(b []byte, open, close string) []byte {
	i := bytes.Index(b, []byte(open))
	if i < 0 {
		return b
	}
	j := bytes.Index(b[i:], []byte(close))
	if j < 0 {
		return b
	}
	return append(append([]byte{}, b[:i]...), b[i+j+len(close):]...)
}

func (v *previewService) handleAnalysis(w http.ResponseWriter, r *http.Request) {
	id, pos := r.PathValue("game"), r.URL.Query().Get("pos")
	route := "/analysis/" + url.PathEscape(id) + "?" + r.URL.RawQuery
	gm, _, err := v.s.cfg.Registry.Lookup(id)
	if err != nil {
		v.notFound(w, r, route)
		return
	}
	st, err := v.s.cfg.Registry.New(id, pos)
	if err != nil {
		v.notFound(w, r, route)
		return
	}
	lang := requestLang(r)
	q := url.Values{"game": {id}, "pos": {st.String()}, "lang": {lang}}
	v.write(w, r, http.StatusOK, preview{
		Title:       word(lang, "analysis", gm.Title),
		Description: word(lang, "analysisDesc", gm.Title),
		Image:       v.base(r) + "/api/picture.png?" + q.Encode(),
		Redirect:    "/#" + route,
	})
}

func (v *previewService) handlePuzzle(w http.ResponseWriter, r *http.Request) {
	name, id := r.PathValue("game"), r.PathValue("id")
	route := "/puzzles/" + url.PathEscape(name) + "/" + url.PathEscape(id)
	if v.puzzles == nil {
		v.notFound(w, r, route)
		return
	}
	pz, err := v.puzzles.Get(id)
	gm, _, lerr := v.s.cfg.Registry.Lookup(pz.Game)
	if err != nil || lerr != nil || gm.Name != name {
		v.notFound(w, r, route)
		return
	}
	lang := requestLang(r)
	st, err := v.s.cfg.Registry.New(pz.Game, pz.Position)
	if err != nil {
		v.notFound(w, r, route)
		return
	}
	q := url.Values{"game": {pz.Game}, "pos": {pz.Position}, "lang": {lang}}
	v.write(w, r, http.StatusOK, preview{
		Title:       word(lang, "puzzle", gm.Title, gm.Colours[st.ToAct()].In(lang)),
		Description: word(lang, "puzzleDesc", gm.Title),
		Image:       v.base(r) + "/api/picture.png?" + q.Encode(),
		Redirect:    "/#" + route,
	})
}

func (v *previewService) handlePlayer(w http.ResponseWriter, r *http.Request) {
	ref := r.PathValue("ref")
	route := "/player/" + url.PathEscape(ref)
	p, _, err := v.s.findPlayer(r.Context(), ref)
	if err != nil || p.Name == "" {
		v.notFound(w, r, route)
		return
	}
	lang := requestLang(r)
	v.write(w, r, http.StatusOK, preview{
		Title:       word(lang, "player", p.Name),
		Description: word(lang, "playerDesc", p.Name),
		Icon:        v.base(r) + "/icons/icon-512.png",
		Redirect:    "/#" + route,
	})
}

func (v *previewService) handleRules(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("game")
	route := "/rules/" + url.PathEscape(name)
	gm, _, err := v.s.cfg.Registry.Lookup(name)
	if err != nil {
		v.notFound(w, r, route)
		return
	}
	lang := requestLang(r)
	q := url.Values{"game": {gm.Name}, "lang": {lang}}
	v.write(w, r, http.StatusOK, preview{
		Title:       word(lang, "rules", gm.Title),
		Description: gm.Summary.In(lang),
		Image:       v.base(r) + "/api/picture.png?" + q.Encode(),
		Redirect:    "/#" + route,
	})
}
