// Package desk runs the moderation requests behind the server's
// endpoints (docs/moderation.md): blocks and reports as the players see
// them, the moderators' queue, player pages, audit log and actions, the
// standing of a player, the engine locks of fair play and the playbans.
// Package moderation decides; desk sequences the store calls around
// those decisions and builds the API's documents, so that the server
// keeps only the HTTP around them. It lives apart from moderation
// because it reads the store's records, and the store imports
// moderation.
package desk
