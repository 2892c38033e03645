// Package web holds Plateau's browser client: a single-page application
// in plain ES modules (no framework, no build step) that draws the games'
// boards in SVG from position strings and drives moves from the server's
// legal-move lists; what it knows of each game comes from the server's
// catalog. FS returns the files for the server to serve.
//
// The client's sources live in static/; browser tests that drive the real
// page in headless Chromium are in web/browsertest.
package web
