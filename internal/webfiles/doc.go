// Package webfiles serves the web client's embedded files: index.html
// for the client's own routes, an entity tag per file, gzip computed
// once per file, and the list of files the service worker keeps for
// offline use. The files never change while the server runs, which is
// what lets every one of these be computed once.
package webfiles
