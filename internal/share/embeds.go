package share

import (
	"bytes"
	"context"
	"net/url"
	"strconv"
)

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

// embedLink is a link of an embed: a step, or a move.
type embedLink struct {
	Text, Href, Label string
	Current           bool
}

// renderEmbed is the embed of q showing p, in q's theme when it asks
// for one.
func (s *Service) renderEmbed(q Query, p embed, missing bool) (Answer, error) {
	p.Lang = q.Lang
	if t := q.Values.Get("theme"); t == "light" || t == "dark" {
		p.Theme = t
	}
	p.Words = map[string]string{"open": Word(p.Lang, "embed"), "steps": Word(p.Lang, "move", len(p.Moves))}
	var b bytes.Buffer
	if err := s.embed.Execute(&b, p); err != nil {
		return Answer{}, err
	}
	return Answer{Body: b.Bytes(), Missing: missing}, nil
}

// embedNotFound is the embed of a link to nothing.
func (s *Service) embedNotFound(q Query) (Answer, error) {
	return s.renderEmbed(q, embed{Title: "Plateau", Image: "/icons/icon-192.png", Open: "/"}, true)
}

// GameEmbed is /embed/game/{id}: a game at ?ply= (its last position
// without it), its moves as links, and steps to the start, the previous
// and next moves and the end.
func (s *Service) GameEmbed(ctx context.Context, q Query) (Answer, error) {
	ply := q.Values.Get("ply")
	sg, gm, _, err := s.loadPlayed(ctx, q.ID, ply)
	if err != nil {
		return s.embedNotFound(q)
	}
	lang, n, total := q.Lang, plyOf(ply, len(sg.Moves)), len(sg.Moves)
	base := "/embed/game/" + url.PathEscape(sg.ID) + "?" + keep(q.Values) + "ply="
	p := embed{Title: s.gameTitle(ctx, sg, gm, n, lang), Open: "/replay/" + url.PathEscape(sg.ID) + "/" + strconv.Itoa(n),
		Image:   "/api/games/" + url.PathEscape(sg.ID) + "/picture.png?w=900&h=600&ply=" + strconv.Itoa(n) + "&lang=" + lang,
		Refresh: sg.Result == "ongoing" && ply == ""}
	step := func(text, key string, to int, ok bool) embedLink {
		if !ok {
			return embedLink{Text: text}
		}
		return embedLink{Text: text, Href: base + strconv.Itoa(to), Label: Word(lang, key)}
	}
	p.Steps = []embedLink{step("⏮", "start", 0, n > 0), step("◀", "prev", n-1, n > 0), step("▶", "next", n+1, n < total), step("⏭", "end", total, n < total)}
	for i, m := range sg.Moves {
		p.Moves = append(p.Moves, embedLink{Text: m.Text, Href: base + strconv.Itoa(i+1), Current: i+1 == n})
	}
	return s.renderEmbed(q, p, false)
}

// keep is the query an embed's links carry on: its theme and language.
func keep(in url.Values) string {
	q := url.Values{}
	for _, k := range []string{"theme", "lang"} {
		if v := in.Get(k); v != "" {
			q.Set(k, v)
		}
	}
	if len(q) == 0 {
		return ""
	}
	return q.Encode() + "&"
}

// PositionEmbed is /embed/position/{game}: ?pos= of a game (its start
// without it).
func (s *Service) PositionEmbed(_ context.Context, q Query) (Answer, error) {
	id, pos := q.Game, q.Values.Get("pos")
	gm, _, err := s.cfg.Registry.Lookup(id)
	if err != nil {
		return s.embedNotFound(q)
	}
	st, err := s.cfg.Registry.New(id, pos)
	if err != nil {
		return s.embedNotFound(q)
	}
	lang := q.Lang
	v := url.Values{"game": {id}, "pos": {st.String()}, "w": {"900"}, "h": {"600"}, "lang": {lang}}
	return s.renderEmbed(q, embed{Title: Word(lang, "analysis", gm.Title), Image: "/api/picture.png?" + v.Encode(),
		Open: "/analysis/" + url.PathEscape(id) + "?" + url.Values{"pos": {st.String()}}.Encode()}, false)
}

// PuzzleEmbed is /embed/puzzle/{game}/{id}: a puzzle's position, and a
// link to solving it.
func (s *Service) PuzzleEmbed(_ context.Context, q Query) (Answer, error) {
	pz, gm, st, ok := s.puzzle(q.Game, q.ID)
	if !ok {
		return s.embedNotFound(q)
	}
	lang := q.Lang
	v := url.Values{"game": {pz.Game}, "pos": {pz.Position}, "w": {"900"}, "h": {"600"}, "lang": {lang}}
	return s.renderEmbed(q, embed{Title: Word(lang, "puzzle", gm.Title, gm.Colours[st.ToAct()].In(lang)),
		Image: "/api/picture.png?" + v.Encode(), Open: "/puzzles/" + url.PathEscape(q.Game) + "/" + url.PathEscape(q.ID)}, false)
}
