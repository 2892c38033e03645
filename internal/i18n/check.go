package i18n

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/plateau-games/plateau/game"
)

// compareWeb checks one language's browser catalog against English's,
// key by key in a stable order, so that the first fault named is always
// the same.
func compareWeb(file, lang string, en, texts map[string]any) error {
	for _, k := range sorted(en) {
		v, ok := texts[k]
		if !ok {
			return fmt.Errorf("%w: %s: key %q is missing", ErrCatalog, file, k)
		}
		if err := checkText(file, lang, k, en[k], v); err != nil {
			return err
		}
	}
	for _, k := range sorted(texts) {
		if _, ok := en[k]; !ok {
			return fmt.Errorf("%w: %s: unknown key %q (not in en.json)", ErrCatalog, file, k)
		}
	}
	return nil
}

// checkText checks one text: a string with English's placeholders, or a
// plural object with exactly the language's forms, each a string whose
// placeholders are English's ("one" may leave {0} out: "a move").
func checkText(file, lang, key string, en, v any) error {
	want, blank := placeholders(english(en)), strings.TrimSpace(english(en)) == ""
	switch v := v.(type) {
	case string:
		if _, plural := en.(map[string]any); plural {
			return fmt.Errorf("%w: %s: key %q is a plural in en.json: want an object of forms %v", ErrCatalog, file, key, Forms(lang))
		}
		return checkString(file, key, v, want, blank, false)
	case map[string]any:
		forms := Forms(lang)
		for _, f := range sorted(v) {
			if !slices.Contains(forms, f) {
				return fmt.Errorf("%w: %s: key %q: plural form %q is not one of %s's %v", ErrCatalog, file, key, f, lang, forms)
			}
		}
		for _, f := range forms {
			s, ok := v[f].(string)
			if !ok {
				return fmt.Errorf("%w: %s: key %q: plural form %q is missing or not a string (%s has %v)", ErrCatalog, file, key, f, lang, forms)
			}
			if err := checkString(file, key+"."+f, s, want, blank, f == "one"); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%w: %s: key %q: want a string or an object of plural forms", ErrCatalog, file, key)
}

// checkString checks a string of a catalog: blank only where English
// is, and with English's placeholders.
func checkString(file, key, s string, want []string, blankOK, one bool) error {
	if strings.TrimSpace(s) == "" && !blankOK {
		return fmt.Errorf("%w: %s: key %q has a blank text", ErrCatalog, file, key)
	}
	got := placeholders(s)
	if one {
		got = union(got, []string{"0"})
		want = union(want, []string{"0"})
	}
	if !slices.Equal(got, want) {
		return fmt.Errorf("%w: %s: key %q: placeholders %v, want %v", ErrCatalog, file, key, braces(got), braces(want))
	}
	return nil
}

// english is a text's English: the string, or a plural's "other".
func english(v any) string {
	if m, ok := v.(map[string]any); ok {
		s, _ := m["other"].(string)
		return s
	}
	s, _ := v.(string)
	return s
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, x := range b {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	slices.Sort(out)
	return out
}

func braces(ns []string) string {
	var b strings.Builder
	for i, n := range ns {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString("{" + n + "}")
	}
	return "[" + b.String() + "]"
}

func sorted[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Check checks every catalog the server and its client use, for the
// server's start: the browser's (CheckWeb on web's dir) and each
// source-keyed catalog that texts returns (the services', the levels',
// each game's). The first fault is the error.
func Check(web fs.FS, dir string, texts ...func() (*game.Catalog, error)) error {
	if err := CheckWeb(web, dir); err != nil {
		return err
	}
	for _, f := range append([]func() (*game.Catalog, error){Server}, texts...) {
		if _, err := f(); err != nil {
			return err
		}
	}
	return nil
}
