// Package net is a small multi-layer perceptron that learns a game's
// value from the features of its positions (game.Featurer): the
// standardised features go through hidden layers of rectified linear
// units to one output, the log-odds that the player to act wins.
// Trained by minibatch Adam on the log-loss of sigmoid(output) against
// the games' results, with a part of the data held aside to stop
// before it overfits, it is the non-linear counterpart of Texel tuning
// (package ai/tune), and alpha-beta can score its leaves with it
// (alphabeta.Config.Value): Value is the log-odds times the Texel scale
// K, so that it speaks the evaluation's units.
//
// It uses the standard library only. Training depends only on the data
// and the seed; a model is saved and loaded as JSON, and a malformed
// file is refused with ErrMalformed.
package net
