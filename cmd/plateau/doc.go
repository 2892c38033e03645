// Command plateau plays, checks and serves the four Plateau games:
// Oxford, Oshi, Yoxii and Abraxas.
//
//	plateau serve                       the server and the browser client
//	plateau play GAME                   play in the terminal
//	plateau moves GAME [POSITION]       legal moves, sorted
//	plateau perft GAME DEPTH [POSITION] count move sequences
//	plateau show GAME [POSITION]        draw a position
//	plateau engine                      the engine protocol on stdin/stdout
//	plateau match GAME A B --games N    AI against AI
//
// Run "plateau help" for every command, and "plateau COMMAND --help" for
// a command's arguments.
package main
