// Small DOM helpers shared by every page: element builders for HTML and SVG.

const SVGNS = 'http://www.w3.org/2000/svg';

function apply(node, attrs, kids) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (k === 'text') node.textContent = v;
    else if (k === 'style' && typeof v === 'object') Object.assign(node.style, v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const kid of [].concat(kids ?? [])) {
    if (kid === null || kid === undefined || kid === false) continue;
    node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return node;
}

/** h builds an HTML element: h('button', {onclick}, 'label'). */
export function h(tag, attrs, kids) {
  return apply(document.createElement(tag), attrs, kids);
}

/** s builds an SVG element. */
export function s(tag, attrs, kids) {
  return apply(document.createElementNS(SVGNS, tag), attrs, kids);
}

/** clear empties a node and appends the given children. */
export function clear(node, ...kids) {
  node.replaceChildren();
  for (const k of kids.flat()) if (k) node.append(k);
  return node;
}

/** sqName turns 0-based file and rank into a square name like "e5". */
export function sqName(f, r) {
  return String.fromCharCode(97 + f) + (r + 1);
}

/** sqCoords turns "e5" into [file, rank], 0-based. */
export function sqCoords(sq) {
  return [sq.charCodeAt(0) - 97, parseInt(sq.slice(1), 10) - 1];
}

/**
 * parseRows reads FEN-like board rows (highest rank first) into a Map from
 * square name to piece character. files(rank) lists the file indexes that
 * exist on each rank; it throws on malformed rows.
 */
export function parseRows(text, ranks, files) {
  const rows = text.split('/');
  if (rows.length !== ranks) throw new Error(`board: want ${ranks} rows, got ${rows.length}`);
  const board = new Map();
  rows.forEach((row, i) => {
    const rank = ranks - 1 - i;
    const fs = files(rank);
    let k = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '9') k += ch.charCodeAt(0) - 48;
      else {
        if (k >= fs.length) throw new Error(`board: rank ${rank + 1} too long`);
        board.set(sqName(fs[k], rank), ch);
        k++;
      }
    }
    if (k !== fs.length) throw new Error(`board: rank ${rank + 1} has ${k} squares, want ${fs.length}`);
  });
  return board;
}

/** range returns [a, a+1, ..., b-1]. */
export function range(a, b) {
  return Array.from({ length: b - a }, (_, i) => a + i);
}
