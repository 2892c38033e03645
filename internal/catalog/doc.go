// Package catalog describes the games a server offers, as GET
// /api/catalog answers: each game's names, colours, options and their
// start positions, the client module that draws its board, the AI's
// levels with what each does and its rating, and the rating pools.
// Front ends know the games only through it (docs/api.md, "Catalog").
package catalog
