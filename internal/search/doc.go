// Package search reads the searches of players and finished games from
// a request's parameters, refusing absurd ones (unknown results, dates
// outside the site's life, an end before the start, pages too big) with
// a sentence that says what is wrong, and names the store methods that
// run them: Store, implemented by the SQL stores of package
// internal/store.
package search
