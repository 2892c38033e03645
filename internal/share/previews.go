package share

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"net/url"
	"strings"

	"github.com/plateau-games/plateau/game"
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

// render is the preview page of q with p's words; missing says that
// what the link names does not exist (a crawler shows something still).
func (s *Service) render(q Query, p preview, missing bool) (Answer, error) {
	p.Lang = q.Lang
	p.URL = q.Base + q.Path
	var b bytes.Buffer
	if err := s.page.ExecuteTemplate(&b, "page", p); err != nil {
		return Answer{}, err
	}
	return Answer{Body: b.Bytes(), Missing: missing}, nil
}

// notFound is the preview of a link to nothing.
func (s *Service) notFound(q Query, route string) (Answer, error) {
	return s.render(q, preview{Title: "Plateau", Description: "Play Oxford, Oshi, Yoxii and Abraxas in the browser.", Redirect: "/#" + route}, true)
}

// GamePreview is the preview of /game/{id}.
func (s *Service) GamePreview(ctx context.Context, q Query) (Answer, error) {
	sg, gm, err := s.load(ctx, q.ID)
	if err != nil {
		return s.notFound(q, "/game/"+url.PathEscape(q.ID))
	}
	lang := q.Lang
	return s.render(q, preview{
		Title:       s.gameTitle(ctx, sg, gm, len(sg.Moves), lang),
		Description: Word(lang, "gameDesc", gm.Title),
		Image:       q.Base + "/api/games/" + url.PathEscape(sg.ID) + "/picture.png?lang=" + lang,
		Redirect:    "/#/game/" + url.PathEscape(sg.ID),
	}, false)
}

// ReplayPreview is the preview of /replay/{id} and /replay/{id}/{ply}.
func (s *Service) ReplayPreview(ctx context.Context, q Query) (Answer, error) {
	route := "/replay/" + url.PathEscape(q.ID)
	sg, gm, _, err := s.loadPlayed(ctx, q.ID, q.Ply)
	if err != nil {
		return s.notFound(q, route)
	}
	lang := q.Lang
	n := plyOf(q.Ply, len(sg.Moves))
	img := q.Base + "/api/games/" + url.PathEscape(sg.ID) + "/picture.png?lang=" + lang
	if q.Ply != "" {
		route += "/" + q.Ply
		img += "&ply=" + q.Ply
	}
	return s.render(q, preview{
		Title:       Word(lang, "replay", s.gameTitle(ctx, sg, gm, n, lang)),
		Description: Word(lang, "gameDesc", gm.Title),
		Image:       img,
		Redirect:    "/#" + route,
	}, false)
}

// Invite is the client's own page for an invite link /g/{id}, with the
// preview's tags in place of its title and description, tagged by its
// content (Answer.Tag, Answer.Fresh). Its seat token is in the
// fragment, which never reaches the server, so it cannot leak here. An
// Answer without a Body leaves the client's files to answer as before:
// for no such game (the client says so), or without a page to fill.
func (s *Service) Invite(ctx context.Context, q Query) (Answer, error) {
	sg, gm, err := s.load(ctx, q.ID)
	if err != nil {
		return Answer{}, nil
	}
	lang := q.Lang
	p := preview{Redirect: "/#/game/" + url.PathEscape(q.ID),
		Image: q.Base + "/api/games/" + url.PathEscape(sg.ID) + "/picture.png?lang=" + lang}
	p.Title, p.Description = s.inviteWords(ctx, sg, gm, lang)
	return s.client(q, p)
}

// inviteWords says who invites to what.
func (s *Service) inviteWords(ctx context.Context, sg store.Game, gm game.Game, lang string) (title, desc string) {
	refs := s.cfg.Names(ctx, sg.Seats)
	title = Word(lang, "inviteAnon", gm.Title)
	for i, ref := range refs {
		if ref != nil && ref.Name != "" && sg.Seats[1-i].Player == "" && sg.Seats[1-i].Kind != store.AI {
			title = Word(lang, "invite", ref.Name, gm.Title)
		}
	}
	return title, Word(lang, "inviteDesc", gm.Title)
}

// client puts a preview's tags into the client's page, tagged by its
// content as the client's files are (asked again every time).
func (s *Service) client(q Query, p preview) (Answer, error) {
	var index []byte
	if s.cfg.Static != nil {
		index, _ = fs.ReadFile(s.cfg.Static, "index.html")
	}
	head, rest, ok := bytes.Cut(index, []byte("</head>"))
	if !ok {
		return Answer{}, nil
	}
	p.Lang = q.Lang
	p.URL = q.Base + q.Path
	var tags bytes.Buffer
	if err := s.page.ExecuteTemplate(&tags, "tags", p); err != nil {
		return Answer{}, err
	}
	head = dropTag(dropTag(head, "<title>", "</title>"), `<meta name="description"`, ">")
	page := append(append(append(head, tags.Bytes()...), "</head>"...), rest...)
	sum := sha256.Sum256(page)
	tag := `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	return Answer{Body: page, Tag: tag, Fresh: strings.Contains(q.IfNoneMatch, tag)}, nil
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

// AnalysisPreview is the preview of /analysis/{game}?pos=.
func (s *Service) AnalysisPreview(_ context.Context, q Query) (Answer, error) {
	id, pos := q.Game, q.Values.Get("pos")
	route := "/analysis/" + url.PathEscape(id) + "?" + q.RawQuery
	gm, _, err := s.cfg.Registry.Lookup(id)
	if err != nil {
		return s.notFound(q, route)
	}
	st, err := s.cfg.Registry.New(id, pos)
	if err != nil {
		return s.notFound(q, route)
	}
	lang := q.Lang
	v := url.Values{"game": {id}, "pos": {st.String()}, "lang": {lang}}
	return s.render(q, preview{
		Title:       Word(lang, "analysis", gm.Title),
		Description: Word(lang, "analysisDesc", gm.Title),
		Image:       q.Base + "/api/picture.png?" + v.Encode(),
		Redirect:    "/#" + route,
	}, false)
}

// PuzzlePreview is the preview of /puzzles/{game}/{id}.
func (s *Service) PuzzlePreview(_ context.Context, q Query) (Answer, error) {
	route := "/puzzles/" + url.PathEscape(q.Game) + "/" + url.PathEscape(q.ID)
	pz, gm, st, ok := s.puzzle(q.Game, q.ID)
	if !ok {
		return s.notFound(q, route)
	}
	lang := q.Lang
	v := url.Values{"game": {pz.Game}, "pos": {pz.Position}, "lang": {lang}}
	return s.render(q, preview{
		Title:       Word(lang, "puzzle", gm.Title, gm.Colours[st.ToAct()].In(lang)),
		Description: Word(lang, "puzzleDesc", gm.Title),
		Image:       q.Base + "/api/picture.png?" + v.Encode(),
		Redirect:    "/#" + route,
	}, false)
}

// PlayerPreview is the preview of /player/{ref}.
func (s *Service) PlayerPreview(ctx context.Context, q Query) (Answer, error) {
	route := "/player/" + url.PathEscape(q.Ref)
	p, _, err := s.cfg.FindPlayer(ctx, q.Ref)
	if err != nil || p.Name == "" {
		return s.notFound(q, route)
	}
	lang := q.Lang
	return s.render(q, preview{
		Title:       Word(lang, "player", p.Name),
		Description: Word(lang, "playerDesc", p.Name),
		Icon:        q.Base + "/icons/icon-512.png",
		Redirect:    "/#" + route,
	}, false)
}

// RulesPreview is the preview of /rules/{game}.
func (s *Service) RulesPreview(_ context.Context, q Query) (Answer, error) {
	route := "/rules/" + url.PathEscape(q.Game)
	gm, _, err := s.cfg.Registry.Lookup(q.Game)
	if err != nil {
		return s.notFound(q, route)
	}
	lang := q.Lang
	v := url.Values{"game": {gm.Name}, "lang": {lang}}
	return s.render(q, preview{
		Title:       Word(lang, "rules", gm.Title),
		Description: gm.Summary.In(lang),
		Image:       q.Base + "/api/picture.png?" + v.Encode(),
		Redirect:    "/#" + route,
	}, false)
}
