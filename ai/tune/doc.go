// Package tune fits a game's evaluation weights to the results of
// self-play games, as Texel tuning does: every sampled position's
// features (game.Featurer) and the game's final result for its player
// to act make a sample; a logistic model, the win probability
// sigmoid(w·f/K), is fitted to them by minimising the log-loss, first
// in the scale K with the current weights (which puts the evaluation's
// units on the probability scale) and then in the weights with K fixed,
// so that tuned weights stay in the evaluation's units. A held-out part
// of the samples tells whether the fit generalises.
//
// Generate plays the games with agents over game.State only; Tune does
// the rest. Everything is reproducible from the seeds.
package tune
