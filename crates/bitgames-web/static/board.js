// Draws any game's board as SVG from the server's BoardView: cells with a name,
// an owner and a centre (x, y) in cell widths, the pieces' looks, Go's lines,
// Hex's owned edges. No game is named here.
//
// The board is drawn once per position (`drawBoard`); the marks that change
// while an analysis runs (scores, the best move, arrows) are one layer redrawn
// on its own (`drawMarks`), so a 19×19 board does not rebuild 361 cells for
// every streamed value.

const NS = 'http://www.w3.org/2000/svg';
const UNIT = 64;                    // pixels per cell width at most
const HEX_R = 1 / Math.sqrt(3);     // pointy-top hexagon circumradius for width 1

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function hexPoints(cx, cy, r = HEX_R) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 90);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(3)},${(cy + r * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(' ');
}

/** Letters and digits of a cell name: `e4` → ['e', '4']. */
function nameParts(name) {
  const m = /^([A-Za-z]+)(\d+)$/.exec(name);
  return m ? [m[1], m[2]] : null;
}

/** Draws one piece of `look` (black, white, red, yellow, blue, cross, nought) at (x, y). */
export function piece(parent, look, x, y, r) {
  if (look === 'cross') {
    const d = r * 0.72;
    const g = el('g', { class: 'piece cross' }, parent);
    el('line', { x1: x - d, y1: y - d, x2: x + d, y2: y + d }, g);
    el('line', { x1: x - d, y1: y + d, x2: x + d, y2: y - d }, g);
    return g;
  }
  if (look === 'nought') return el('circle', { cx: x, cy: y, r: r * 0.7, class: 'piece nought' }, parent);
  return el('circle', { cx: x, cy: y, r, class: `piece stone ${look}` }, parent);
}

/** The drawing's geometry: the cells' extent, padding for the coordinates. */
function frame(view) {
  const xs = view.cells.map(c => c.x), ys = view.cells.map(c => c.y);
  const columns = view.shape.kind === 'columns';
  const pad = view.edges && view.edges.length ? 1.6 : 1.1;
  const minX = Math.min(...xs) - pad, maxX = Math.max(...xs) + pad;
  const minY = Math.min(...ys) - pad, maxY = Math.max(...ys) + pad + (columns ? 0.5 : 0.1);
  return { minX, minY, w: maxX - minX, h: maxY - minY };
}

/**
 * Draws `state.board` into `svg`. opts: { hints: bool, selected: index|null,
 * targets: Set<index>, onCell(index) }. The svg scales to its container (CSS
 * caps it at UNIT pixels a cell and at the window's height).
 */
export function drawBoard(svg, state, opts) {
  const view = state.board;
  const kind = view.shape.kind;
  const hex = kind === 'hex_rhombus' || kind === 'triangle' || kind === 'hex_hex';
  const columns = kind === 'columns';
  const lines = !!view.intersections;
  const cells = view.cells;
  const f = frame(view);
  svg.replaceChildren();
  svg.setAttribute('viewBox', `${f.minX} ${f.minY} ${f.w} ${f.h}`);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.style.setProperty('--natural-w', `${Math.round(f.w * UNIT)}px`);
  // The board's column is as wide as the board wants, so the panel sits beside it.
  svg.closest('.board-side')?.style.setProperty('--natural-w', `${Math.round(f.w * UNIT)}px`);
  svg.style.setProperty('--ratio', `${f.w / f.h}`);
  svg.style.aspectRatio = `${f.w} / ${f.h}`;
  svg.dataset.cells = cells.length;
  svg.dataset.shape = kind;
  svg.setAttribute('aria-label', `board, ${cells.length} cells`);

  // Legal cells are marked only where they say something: not when every
  // empty cell is one.
  const hintCells = new Set();
  for (const m of state.legal) if (m.cells.length === 1) hintCells.add(m.cells[0]);
  const empty = cells.filter(c => !c.owner).length;
  if (hintCells.size >= empty && !columns) hintCells.clear();
  const last = new Set(state.last ? state.last.cells : []);
  const won = new Set(view.marked || []);    // the winning line or chain
  const pieces = view.pieces || ['black', 'white'];

  if (columns) {
    const xs = cells.map(c => c.x), ys = cells.map(c => c.y);
    const x0 = Math.min(...xs) - 0.5, y0 = Math.min(...ys) - 0.5;
    el('rect', { x: x0 - 0.1, y: y0 - 0.1, width: Math.max(...xs) - x0 + 0.6,
      height: Math.max(...ys) - y0 + 0.6, rx: 0.2, class: 'frame-columns' }, svg);
  }
  if (lines) {
    const xs = cells.map(c => c.x), ys = cells.map(c => c.y);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    el('rect', { x: x0 - 0.6, y: y0 - 0.6, width: x1 - x0 + 1.2, height: y1 - y0 + 1.2, class: 'wood' }, svg);
    const g = el('g', { class: 'grid-lines' }, svg);
    for (const x of new Set(xs)) el('line', { x1: x, y1: y0, x2: x, y2: y1 }, g);
    for (const y of new Set(ys)) el('line', { x1: x0, y1: y, x2: x1, y2: y }, g);
    (view.stars || []).forEach(i => {
      const c = cells[i];
      if (c) el('circle', { cx: c.x, cy: c.y, r: 0.1, class: 'star' }, g);
    });
  }
  drawEdges(svg, view, pieces);
  const board = el('g', { class: 'cells' }, svg);
  cells.forEach((c, i) => {
    const label = c.owner ? `${c.name}, ${c.owner === 'First' ? state.players[0] : state.players[1]}` : c.name;
    const g = el('g', { class: 'cell', 'data-index': i, 'data-name': c.name, role: 'button',
      tabindex: '-1', 'aria-label': label }, board);
    if (hex) {
      el('polygon', { points: hexPoints(c.x, c.y), class: 'bg-hex' }, g);
    } else if (columns) {
      el('rect', { x: c.x - 0.5, y: c.y - 0.5, width: 1, height: 1, class: 'bg-hit' }, g);
      el('circle', { cx: c.x, cy: c.y, r: 0.4, class: 'hole' }, g);
    } else if (lines) {
      el('rect', { x: c.x - 0.5, y: c.y - 0.5, width: 1, height: 1, class: 'bg-hit' }, g);
    } else {
      el('rect', { x: c.x - 0.5, y: c.y - 0.5, width: 1, height: 1,
        class: (c.col + c.row) % 2 ? 'bg-square odd' : 'bg-square' }, g);
    }
    if (opts.selected === i) g.classList.add('selected');
    if (opts.targets && opts.targets.has(i)) g.classList.add('target');
    if (c.owner) {
      piece(g, pieces[c.owner === 'First' ? 0 : 1], c.x, c.y, columns ? 0.4 : lines ? 0.46 : 0.38);
    } else if (opts.hints && hintCells.has(i)) {
      el('circle', { cx: c.x, cy: c.y, r: 0.12, class: 'hint' }, g);
    }
    if (last.has(i)) el('circle', { cx: c.x, cy: c.y, r: 0.2, class: 'last' }, g);
    if (won.has(i)) el('circle', { cx: c.x, cy: c.y, r: 0.45, class: 'win-mark' }, g);
  });
  // One listener for the board (not one a cell): a click or Enter on a cell.
  const cellOf = e => e.target.closest && e.target.closest('g.cell');
  svg.onclick = e => { const g = cellOf(e); if (g) opts.onCell(Number(g.dataset.index)); };
  svg.onkeydown = e => {
    const g = cellOf(e);
    if (g && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); opts.onCell(Number(g.dataset.index)); }
  };
  // The legal cells are reachable with Tab; the first one with tabindex 0.
  const legal = new Set();
  for (const m of state.legal) if (m.cells.length) legal.add(m.cells[0]);
  for (const i of legal) board.children[i]?.setAttribute('tabindex', '0');
  el('g', { class: 'area' }, svg);
  el('g', { class: 'marks' }, svg);
  drawCoordinates(svg, cells, columns, state, view.edges && view.edges.length ? 1.25 : 0.8);
}

/** Hex's owned edges: a band in the owner's colour outside each edge's cells. */
function drawEdges(svg, view, pieces) {
  if (!view.edges || !view.edges.length) return;
  const cx = view.cells.reduce((s, c) => s + c.x, 0) / view.cells.length;
  const cy = view.cells.reduce((s, c) => s + c.y, 0) / view.cells.length;
  const g = el('g', { class: 'edges' }, svg);
  for (const e of view.edges) {
    const pts = e.cells.map(i => view.cells[i]);
    if (pts.length < 2) continue;
    const a = pts[0], b = pts[pts.length - 1];
    // The outward normal of the line from a to b, away from the board's centre.
    let [nx, ny] = [-(b.y - a.y), b.x - a.x];
    const len = Math.hypot(nx, ny) || 1;
    [nx, ny] = [nx / len, ny / len];
    const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
    if ((mx - cx) * nx + (my - cy) * ny < 0) [nx, ny] = [-nx, -ny];
    const d = 0.72;
    const along = [(b.x - a.x) / len, (b.y - a.y) / len];
    const ext = 0.45;
    const p0 = [a.x + nx * d - along[0] * ext, a.y + ny * d - along[1] * ext];
    const p1 = [b.x + nx * d + along[0] * ext, b.y + ny * d + along[1] * ext];
    el('line', { x1: p0[0], y1: p0[1], x2: p1[0], y2: p1[1],
      class: `edge-band ${pieces[e.owner === 'First' ? 0 : 1]}` }, g);
  }
}

/**
 * The marks over the board: `labels` (Map cell → {text, tone}) for scores,
 * `columnLabels` (Map column → {text, tone}) under Connect Four's columns,
 * `best` (cells of the best move: a ring, or an arrow for a step), `line`
 * (the principal line previewed: [{cells, mover}] numbered stones).
 */
export function drawMarks(svg, state, { labels = new Map(), columnLabels = new Map(), best = [], line = [] } = {}) {
  const g = svg.querySelector('g.marks');
  if (!g) return;
  g.replaceChildren();
  const cells = state.board.cells;
  const pieces = state.board.pieces || ['black', 'white'];
  for (const cellsOfMove of best) {
    if (cellsOfMove.length > 1) arrow(g, cells[cellsOfMove[0]], cells[cellsOfMove.at(-1)], 'best-arrow');
    else if (cellsOfMove.length === 1) {
      const c = cells[cellsOfMove[0]];
      el('circle', { cx: c.x, cy: c.y, r: 0.44, class: 'best-ring' }, g);
    }
  }
  const previewed = new Set(line.map(m => m.cells.at(-1)));
  for (const [i, v] of labels) {
    const c = cells[i];
    if (!c || c.owner || previewed.has(i)) continue;
    el('text', { x: c.x, y: c.y + 0.1, class: `score ${v.tone || ''}`, 'data-cell': i }, g).textContent = v.text;
  }
  const columns = state.board.shape.kind === 'columns';
  if (columns && columnLabels.size) {
    const bottom = Math.max(...cells.map(c => c.y));
    const seen = new Set();
    for (const c of cells) {
      if (seen.has(c.col)) continue;
      seen.add(c.col);
      const v = columnLabels.get(c.col);
      if (v) el('text', { x: c.x, y: bottom + 1.45, class: `score col ${v.tone || ''}` }, g).textContent = v.text;
    }
  }
  line.forEach((m, k) => {
    if (!m.cells.length) return;
    const c = cells[m.cells.at(-1)];
    if (m.cells.length > 1) {
      arrow(g, cells[m.cells[0]], c, `line-arrow ${m.mover ? 'second' : 'first'}`);
      el('text', { x: c.x, y: c.y - 0.25, class: 'preview-n step' }, g).textContent = String(k + 1);
      return;
    }
    const p = piece(g, pieces[m.mover], c.x, c.y, 0.36);
    p.classList.add('preview');
    el('text', { x: c.x, y: c.y + 0.11, class: `preview-n on-${pieces[m.mover]}` }, g).textContent = String(k + 1);
  });
}

/**
 * The area estimate over the board: on each point a square in the colour of
 * the player likelier to own it, as large as that player's margin of the
 * playouts (`owners`: [[first, second] share] a cell); nothing where the
 * estimate is even.
 */
export function drawArea(svg, state, owners) {
  const g = svg.querySelector('g.area');
  if (!g) return;
  g.replaceChildren();
  if (!owners) return;
  const cells = state.board.cells;
  owners.forEach(([first, second], i) => {
    const c = cells[i];
    const lead = first - second;
    if (!c || Math.abs(lead) < 0.2) return;
    const side = 0.5 * Math.sqrt(Math.abs(lead));
    el('rect', { x: c.x - side / 2, y: c.y - side / 2, width: side, height: side,
      class: lead > 0 ? 'first' : 'second', opacity: 0.75 }, g);
  });
}

function arrow(g, a, b, cls) {
  const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len, head = 0.32;
  const ex = b.x - ux * 0.15, ey = b.y - uy * 0.15;
  el('line', { x1: a.x, y1: a.y, x2: ex - ux * head * 0.8, y2: ey - uy * head * 0.8, class: cls }, g);
  const bx = ex - ux * head, by = ey - uy * head;
  el('polygon', { points: `${ex},${ey} ${bx - uy * head * 0.6},${by + ux * head * 0.6} ${bx + uy * head * 0.6},${by - ux * head * 0.6}`,
    class: `${cls} head` }, g);
}

/**
 * Letters under each column, digits left of each row, read from the cell names;
 * each label one step beyond the end of its line of cells (so slanted hexagonal
 * columns get theirs along the slant).
 */
function drawCoordinates(svg, cells, columns, state, step) {
  const g = el('g', { class: 'coords', 'aria-hidden': 'true' }, svg);
  if (columns) return columnNames(g, cells, state);
  const byLetters = new Map(), byDigits = new Map();
  for (const c of cells) {
    const p = nameParts(c.name);
    if (!p) continue;
    if (!byLetters.has(p[0])) byLetters.set(p[0], []);
    if (!byDigits.has(p[1])) byDigits.set(p[1], []);
    byLetters.get(p[0]).push(c);
    byDigits.get(p[1]).push(c);
  }
  // One step beyond the last cell of a line (sorted by `key`), or, with
  // `first`, beyond its first cell.
  const beyond = (group, key, fallback, first = false) => {
    const line = group.slice().sort((a, b) => key(a) - key(b));
    if (first) line.reverse();
    const end = line[line.length - 1];
    let [dx, dy] = fallback;
    if (line.length > 1) {
      const prev = line[line.length - 2];
      const len = Math.hypot(end.x - prev.x, end.y - prev.y) || 1;
      [dx, dy] = [(end.x - prev.x) / len * step, (end.y - prev.y) / len * step];
    }
    return [end.x + dx, end.y + dy];
  };
  const digits = [...byDigits].map(([d, group]) => [d, beyond(group, c => -c.x, [-step, 0])]);
  const near = ([x, y]) => digits.some(([, [u, v]]) => Math.hypot(x - u, y - v) < 1.0);
  for (const [d, [x, y]] of digits) {
    el('text', { x, y: y + 0.12, class: 'coord' }, g).textContent = d;
  }
  for (const [l, group] of byLetters) {
    // Below the line's lowest cell, or above its highest where a row's label is.
    let p = beyond(group, c => c.y, [0, step]);
    if (near(p)) p = beyond(group, c => c.y, [0, -step], true);
    el('text', { x: p[0], y: p[1] + 0.12, class: 'coord' }, g).textContent = l;
  }
}

/** Connect Four style: a column is named by its move (learnt from the legal moves). */
function columnNames(g, cells, state) {
  const bottom = Math.max(...cells.map(c => c.y));
  const names = new Map();
  for (const m of state.legal) if (m.cells.length === 1) names.set(cells[m.cells[0]].col, m.mv);
  // A full column has no legal move: where the others are numbered from 1,
  // so is it; else it takes its cells' letters.
  const numbered = [...names].every(([col, mv]) => mv === String(col + 1));
  const seen = new Set();
  for (const c of cells) {
    if (seen.has(c.col)) continue;
    seen.add(c.col);
    el('text', { x: c.x, y: bottom + 0.95, class: 'coord' }, g).textContent =
      names.get(c.col) ?? (numbered ? String(c.col + 1) : (nameParts(c.name) || [c.name])[0]);
  }
}
