// Package gametest is the conformance suite that every game package runs:
// random playouts that check undo, clone, hash, notation and position
// round trips against each other, an evaluation that is a weighted sum
// (game.Featurer) against its features, and perft vectors from testdata
// files.
package gametest
