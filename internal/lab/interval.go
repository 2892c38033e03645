package lab

import "math"

// z975 is the 97.5% quantile of the standard normal distribution, for
// two-sided 95% intervals.
const z975 = 1.959963984540054

// Rate is a proportion with its 95% Wilson score interval.
type Rate struct {
	Count int     `json:"count"` // successes
	N     int     `json:"n"`     // trials
	Rate  float64 `json:"rate"`  // Count/N, 0 without trials
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// Wilson returns k successes out of n with the Wilson score interval,
// which unlike the normal approximation stays inside [0, 1] and keeps a
// sensible width at rates of 0 or 1 and on small samples, the lab's
// usual case at level 8. Without trials the interval is all of [0, 1].
func Wilson(k, n int) Rate {
	if n <= 0 {
		return Rate{Lo: 0, Hi: 1}
	}
	p := float64(k) / float64(n)
	z2 := z975 * z975
	nf := float64(n)
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z975 * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	return Rate{Count: k, N: n, Rate: round5(p), Lo: round5(max(0, centre-half)), Hi: round5(min(1, centre+half))}
}

// Mean is an average with its 95% interval (normal approximation on the
// sample standard deviation).
type Mean struct {
	Mean float64 `json:"mean"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
	N    int     `json:"n"`
}

// MeanOf returns the mean of xs and its interval; with fewer than two
// values the interval is the mean itself, as no spread can be measured.
func MeanOf(xs []float64) Mean {
	n := len(xs)
	if n == 0 {
		return Mean{}
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	m := sum / float64(n)
	if n < 2 {
		return Mean{Mean: round5(m), Lo: round5(m), Hi: round5(m), N: n}
	}
	var ss float64
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	half := z975 * math.Sqrt(ss/float64(n-1)/float64(n))
	return Mean{Mean: round5(m), Lo: round5(m - half), Hi: round5(m + half), N: n}
}

// round5 keeps five decimals, more than any interval here can tell,
// so that the published files stay small and readable.
func round5(x float64) float64 { return math.Round(x*1e5) / 1e5 }
