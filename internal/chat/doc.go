// Package chat holds the rules of a game's two chats: the players' chat,
// between the two seats, and the spectators' chat, among everyone else.
// Players never read the spectators' chat while the game lasts (it may
// discuss their game); spectators never read the players'. Messages are
// short plain text (Clean), and a sender may post only so often
// (Limiter). The server stores the messages with the game and sends each
// live, over the game's WebSocket, to the watchers who may read it
// (CanRead).
//
// A player may mute a whole chat or one person. The server only keeps
// that choice with the player (GET and POST /api/chat/mutes) and sends
// every line they may read; the web client applies it, once
// (web/static/js/chat.js), because a muted person's line is still shown
// as hidden, with a button to unmute them.
package chat
