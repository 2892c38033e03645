// Package screening is the fair-play screening statistic
// (docs/moderation.md): how often a player's moves match a reference
// engine's first choice at a fixed depth, and how much win probability
// they lose per move (the review's measure), compared with honest play
// at their rating, fitted on AI-level games. A player far above it is
// queued for the moderators; it never sanctions anyone by itself. Job
// runs it on a server, once per pool across servers (a leased row),
// over the players with new rated games.
package screening
