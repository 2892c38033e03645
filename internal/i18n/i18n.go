package i18n

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"github.com/plateau-games/plateau/game"
)

// ErrCatalog is a catalog refused at start or by a test: the error names
// the file and the key.
var ErrCatalog = errors.New("i18n: catalog refused")

//go:embed server
var serverFiles embed.FS

// server reads the services' catalog once.
var server = game.CatalogSource(serverFiles, "server")

// Server returns the services' catalog (internal/i18n/server): what
// notices, e-mails, previews and refusals say.
func Server() (*game.Catalog, error) { return server() }

// T says en in every language through the services' catalog
// (game.Catalog.Text); English alone if the catalog is broken, which
// Check refuses at start.
func T(en string, args ...any) game.Text { return server.Text(en, args...) }

// Say is T(en, args...) in lang.
func Say(lang, en string, args ...any) string { return T(en, args...).In(lang) }

// Supported reports whether lang is one of the languages (game.Languages).
func Supported(lang string) bool { return slices.Contains(game.Languages(), lang) }

// Negotiate picks the language of an Accept-Language header: the first
// of its languages, by quality, that Plateau speaks, else English.
func Negotiate(header string) string {
	tags, _, err := language.ParseAcceptLanguage(header)
	if err != nil {
		return "en"
	}
	for _, t := range tags {
		base, _ := t.Base()
		if Supported(base.String()) {
			return base.String()
		}
	}
	return "en"
}

// Forms lists the CLDR cardinal plural forms of lang that whole numbers
// take, "other" always among them (a catalog's fallback, and the form
// of fractions).
func Forms(lang string) []string {
	tag := language.Make(lang)
	names := map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many", plural.Other: "other"}
	seen := map[string]bool{"other": true}
	for i := 0; i <= 1_000_000; i = next(i) {
		seen[names[plural.Cardinal.MatchPlural(tag, i, 0, 0, 0, 0)]] = true
	}
	var out []string
	for _, f := range []string{"zero", "one", "two", "few", "many", "other"} {
		if seen[f] {
			out = append(out, f)
		}
	}
	return out
}

// next steps through the numbers whose plural forms differ in some
// language: every number to 1,100, then thousands.
func next(i int) int {
	if i < 1100 {
		return i + 1
	}
	return i + 1000
}

// CheckWeb checks the browser's catalogs, dir/<lang>.json in fsys for
// each language: en.json is the reference; every other file has its
// keys, no other, each text non-blank with the same {n} placeholders,
// and a plural text (an object) has exactly the language's forms.
func CheckWeb(fsys fs.FS, dir string) error {
	en, err := readWeb(fsys, path.Join(dir, "en.json"))
	if err != nil {
		return err
	}
	for _, lang := range game.Languages() {
		file := path.Join(dir, lang+".json")
		texts, err := readWeb(fsys, file)
		if err != nil {
			return err
		}
		if err := compareWeb(file, lang, en, texts); err != nil {
			return err
		}
	}
	return nil
}

// readWeb reads a browser catalog: each value a string or an object of
// strings.
func readWeb(fsys fs.FS, file string) (map[string]any, error) {
	b, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCatalog, err)
	}
	var texts map[string]any
	if err := json.Unmarshal(b, &texts); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrCatalog, file, err)
	}
	return texts, nil
}

var placeholderRe = regexp.MustCompile(`\{(\d+)\}`)

// placeholders lists a text's {n}, sorted, each once.
func placeholders(s string) []string {
	var out []string
	for _, m := range placeholderRe.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	slices.SortFunc(out, func(a, b string) int { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return x - y })
	return out
}
