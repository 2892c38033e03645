// Package api holds the JSON documents of Plateau's game server API
// (docs/api.md), defined once: the server encodes them, and the Go
// clients (plateau loadtest, the end-to-end tests) decode them, so a
// field renamed here is renamed for all.
//
// The field names, their order and their omitempty options are the wire
// format, which docs/api.md promises to keep: fields may be added, never
// removed or renamed. Requests are decoded strictly (unknown fields are
// refused), so a client built from these types never sends one the
// server does not know.
//
// The package depends on the standard library only and holds no logic:
// what the fields mean, and which values are valid, is the server's to
// decide and docs/api.md's to say.
package api
