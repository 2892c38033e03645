// Package settings holds what a player sets once and finds on every
// browser they use (issue 30, point 14): when a move waits for a
// confirming click, the board's side and coordinates, the pieces'
// animation speed, zen mode and the sounds' volume. The server serves
// them at /api/settings (docs/api.md); the page applies them.
package settings
