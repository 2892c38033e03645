package browsertest

import (
	"testing"
)

// shapesJS draws every kind of piece of each game's start position (and
// of a position with both Abraxas pawns) with the game's board module,
// and returns the kinds whose drawing, once colours and classes are
// removed, is the same as another kind's: pieces told apart by colour
// alone.
const shapesJS = `(async () => {
  const g = await import('/js/games.js');
  const out = [];
  for (const name of g.names()) {
    const a = g.adapter(name);
    const seen = new Map();
    const pieces = a.view(g.parsePos(name, g.start(name))).pieces;
    for (const p of pieces) {
      if (seen.has(p.kind) || !a.drawPiece) continue;
      const el = a.drawPiece(p, 40);
      const box = document.createElementNS('http://www.w3.org/2000/svg', 'g');
      box.append(el);
      const sig = box.innerHTML.replace(/\s(class|fill|stroke|style)="[^"]*"/g, '');
      seen.set(p.kind, sig);
    }
    const kinds = [...seen.keys()];
    for (let i = 0; i < kinds.length; i++) for (let j = i + 1; j < kinds.length; j++) {
      if (seen.get(kinds[i]) === seen.get(kinds[j])) out.push(name + ': ' + kinds[i] + ' and ' + kinds[j]);
    }
  }
  return out;
})()`

// TestShapesNotColourAlone checks that the pieces of Oxford and Abraxas
// differ by shape as well as colour (WCAG 1.4.1): two kinds of piece of
// the start position never draw the same shape.
func TestShapesNotColourAlone(t *testing.T) {
	skipShort(t)
	p := newPage(t, newBrowser(t), staticServer(t), false)
	p.open("/")
	for _, same := range evalJS[[]string](p, shapesJS) {
		t.Errorf("pieces told apart by colour alone: %s", same)
	}
	p.noErrors()
}
