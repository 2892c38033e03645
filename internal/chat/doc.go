// Package chat holds the rules of a game's two chats: the players' chat,
// between the two seats, and the spectators' chat, among everyone else.
// Players never read the spectators' chat while the game lasts (it may
// discuss their game); spectators never read the players'. Messages are
// short plain text (Clean), a sender may post only so often (Limiter),
// and a player may mute a whole chat or one person (Mutes), a choice kept
// with the player. The server stores the messages with the game and sends
// each live, over the game's WebSocket, to the watchers who may read it
// (CanRead).
package chat
