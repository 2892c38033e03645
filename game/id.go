package game

import (
	"fmt"
	"sort"
	"strings"
)

// Options are the options of a game id as written, before defaults:
// "abraxas:board=2,push=free" has {"board": "2", "push": "free"}.
type Options map[string]string

// Get returns the option's value, or def when it was not given.
func (o Options) Get(name, def string) string {
	if v, ok := o[name]; ok {
		return v
	}
	return def
}

// ID is a parsed game id: a game name and its options.
type ID struct {
	Name    string
	Options Options
}

// ParseID reads "name" or "name:key=value,key=value". It checks only the
// syntax; Registry.Lookup checks names and values.
func ParseID(s string) (ID, error) {
	name, rest, hasOpts := strings.Cut(s, ":")
	name = strings.ToLower(name)
	if !isWord(name) {
		return ID{}, fmt.Errorf("game: %w %q: bad game name %q", ErrBadID, s, name)
	}
	id := ID{Name: name, Options: Options{}}
	if !hasOpts {
		return id, nil
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.ToLower(k), strings.ToLower(v)
		if !ok || !isWord(k) || !isWord(v) {
			return ID{}, fmt.Errorf("game: %w %q: option %q is not key=value", ErrBadID, s, kv)
		}
		if _, dup := id.Options[k]; dup {
			return ID{}, fmt.Errorf("game: %w %q: option %q given twice", ErrBadID, s, k)
		}
		id.Options[k] = v
	}
	return id, nil
}

// String returns the id in canonical form, options sorted by name.
func (id ID) String() string {
	if len(id.Options) == 0 {
		return id.Name
	}
	keys := make([]string, 0, len(id.Options))
	for k := range id.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(id.Name)
	for i, k := range keys {
		if i == 0 {
			b.WriteByte(':')
		} else {
			b.WriteByte(',')
		}
		b.WriteString(k + "=" + id.Options[k])
	}
	return b.String()
}

func isWord(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
