package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A Catalog holds a package's texts in every language, keyed by their
// English (gettext's msgid): a folder with en.json, the template, whose
// keys are the English texts the package says (each mapped to itself),
// and <lang>.json for each other language of Languages, mapping each of
// those keys to its translation. The files are go-i18n's flat JSON, which
// translation platforms read (docs/translating.md). A text with
// arguments is a fmt format ("There is no piece on %s."): a translation
// keeps its verbs, in any order when indexed ("%[2]s ... %[1]s").
//
// The English stays in the code, where it is read with the code; the
// catalogs say it in the other languages.
type Catalog struct {
	en map[string]bool              // the template's keys
	by map[string]map[string]string // language → English → text
}

// ErrCatalog is a catalog refused: a file that is not JSON, a key
// missing or unknown, a blank text, or a text whose verbs differ from
// its English.
var ErrCatalog = errors.New("game: catalog refused")

// ReadCatalog reads the catalog in fsys's folder dir and checks it
// whole. The error names the file and the key at fault.
func ReadCatalog(fsys fs.FS, dir string) (*Catalog, error) {
	tmpl, err := readCatalogFile(fsys, path.Join(dir, "en.json"))
	if err != nil {
		return nil, err
	}
	c := &Catalog{en: map[string]bool{}, by: map[string]map[string]string{}}
	for k, v := range tmpl {
		c.en[k] = true
		if k != v {
			return nil, fmt.Errorf("%w: %s: key %q: the template maps each English text to itself", ErrCatalog, path.Join(dir, "en.json"), k)
		}
	}
	for _, lang := range Languages()[1:] {
		file := path.Join(dir, lang+".json")
		texts, err := readCatalogFile(fsys, file)
		if err != nil {
			return nil, err
		}
		if err := checkCatalog(file, tmpl, texts); err != nil {
			return nil, err
		}
		c.by[lang] = texts
	}
	return c, nil
}

// englishCatalog is a catalog with no translations, for a package whose
// own could not be read: its texts are said in English (the start-up
// check refuses the broken catalog meanwhile).
func englishCatalog() *Catalog {
	return &Catalog{en: map[string]bool{}, by: map[string]map[string]string{}}
}

// A Source reads a package's catalog once, at its first use: the
// package's texts and its Game.Texts (the server's start-up check) share
// it.
type Source func() (*Catalog, error)

// CatalogSource returns the Source of the catalog in fsys's folder dir
// (ReadCatalog).
func CatalogSource(fsys fs.FS, dir string) Source {
	return sync.OnceValues(func() (*Catalog, error) { return ReadCatalog(fsys, dir) })
}

// Text says en in every language through the source's catalog
// (Catalog.Text), in English alone when the catalog cannot be read.
func (s Source) Text(en string, args ...any) Text {
	c, err := s()
	if err != nil {
		c = englishCatalog()
	}
	return c.Text(en, args...)
}

func readCatalogFile(fsys fs.FS, file string) (map[string]string, error) {
	b, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCatalog, err)
	}
	var texts map[string]string
	if err := json.Unmarshal(b, &texts); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrCatalog, file, err)
	}
	return texts, nil
}

// checkCatalog compares a language's texts with the template, key by
// key in a stable order, so that the first fault named is always the same.
func checkCatalog(file string, tmpl, texts map[string]string) error {
	for _, k := range sortedKeys(tmpl) {
		v, ok := texts[k]
		switch {
		case !ok:
			return fmt.Errorf("%w: %s: key %q is missing", ErrCatalog, file, k)
		case strings.TrimSpace(v) == "":
			return fmt.Errorf("%w: %s: key %q has a blank text", ErrCatalog, file, k)
		case !slices.Equal(verbs(k), verbs(v)):
			return fmt.Errorf("%w: %s: key %q: placeholders %v, want %v", ErrCatalog, file, k, verbs(v), verbs(k))
		}
	}
	for _, k := range sortedKeys(texts) {
		if _, ok := tmpl[k]; !ok {
			return fmt.Errorf("%w: %s: unknown key %q (not in en.json)", ErrCatalog, file, k)
		}
	}
	return nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// verbs lists a format's verbs, each with its argument's index, sorted:
// "%[2]s … %[1]d" and "%d … %s" give the same list. It reads fmt's
// grammar by hand: the browser's engine embeds this package, and a
// regular expression would cost it its own package.
func verbs(format string) []string {
	var out []string
	next := 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		arg := next
		if i < len(format) && format[i] == '[' {
			end := strings.IndexByte(format[i:], ']')
			if end < 0 {
				break
			}
			arg, _ = strconv.Atoi(format[i+1 : i+end]) // not a number: index 0, which no English has
			i += end + 1
		}
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i >= len(format) || format[i] == '%' {
			continue
		}
		out = append(out, fmt.Sprintf("%d:%c", arg, format[i]))
		next = arg + 1
	}
	slices.Sort(out)
	return out
}

// Text says en in every language, each filled with args (fmt's verbs)
// when there are any; an argument that is itself a Text is said in the
// same language. A language without en says it in English.
func (c *Catalog) Text(en string, args ...any) Text {
	t := Text{"en": say(en, "en", args)}
	for _, lang := range Languages()[1:] {
		s, ok := c.by[lang][en]
		if !ok {
			s = en
		}
		t[lang] = say(s, lang, args)
	}
	return t
}

// say fills a format with args in lang, a Text argument read in lang.
func say(format, lang string, args []any) string {
	if len(args) == 0 {
		return format
	}
	in := make([]any, len(args))
	for i, a := range args {
		if t, ok := a.(Text); ok {
			a = t.In(lang)
		}
		in[i] = a
	}
	return fmt.Sprintf(format, in...)
}

// Fill returns t with its English said in every language t lacks; t
// itself is left as it is.
func (c *Catalog) Fill(t Text) Text {
	en, ok := t["en"]
	if !ok {
		return t
	}
	out := c.Text(en)
	for lang, s := range t {
		out[lang] = s
	}
	return out
}

// Has reports whether en is one of the catalog's keys, for tests that
// check each text a package says is in its template.
func (c *Catalog) Has(en string) bool { return c.en[en] }

// FillJSON returns a JSON document (a game's lessons or themes) with
// every text in it said in every language: each object whose keys are
// all languages and which has an "en" string gets the languages it
// lacks from c. Numbers are kept as written.
func (c *Catalog) FillJSON(data []byte) ([]byte, error) {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("game: texts: %w", err)
	}
	out, err := json.Marshal(c.fillValue(doc))
	if err != nil {
		return nil, fmt.Errorf("game: texts: %w", err)
	}
	return out, nil
}

func (c *Catalog) fillValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		if t, ok := asText(v); ok {
			return c.Fill(t)
		}
		for k, x := range v {
			v[k] = c.fillValue(x)
		}
	case []any:
		for i, x := range v {
			v[i] = c.fillValue(x)
		}
	}
	return v
}

// asText reads an object as a Text: string values only, keyed by
// languages of Languages, English among them.
func asText(m map[string]any) (Text, bool) {
	t := Text{}
	for k, x := range m {
		s, ok := x.(string)
		if !ok || !slices.Contains(Languages(), k) {
			return nil, false
		}
		t[k] = s
	}
	_, ok := t["en"]
	return t, ok
}

// FillTexts returns g's data file (its lessons, its themes) with every
// text in every language, from g's catalog (FillJSON); a game without a
// catalog keeps its file as it is.
func FillTexts(g Game, data []byte) ([]byte, error) {
	if g.Texts == nil {
		return data, nil
	}
	c, err := g.Texts()
	if err != nil {
		return nil, err
	}
	return c.FillJSON(data)
}
