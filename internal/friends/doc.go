// Package friends lets a player follow others (issue 30, point 15): a
// follow is one way and private, shown only on the follower's own list,
// with who is online and who is playing, to watch or challenge them.
// The server serves it at /api/friends (docs/api.md).
package friends
