// Draws any game's board as SVG from the server's BoardView: cells with a name,
// an owner and a centre (x, y) in cell widths. No game is named here.

const NS = 'http://www.w3.org/2000/svg';
const UNIT = 44;                    // pixels per cell width
const HEX_R = 1 / Math.sqrt(3);     // pointy-top hexagon circumradius for width 1

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function hexPoints(cx, cy) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 90);
    pts.push(`${(cx + HEX_R * Math.cos(a)).toFixed(3)},${(cy + HEX_R * Math.sin(a)).toFixed(3)}`);
  }
  return pts.join(' ');
}

/** Letters and digits of a cell name: `e4` → ['e', '4']. */
function nameParts(name) {
  const m = /^([A-Za-z]+)(\d+)$/.exec(name);
  return m ? [m[1], m[2]] : null;
}

/**
 * Draws `state.board` into `svg`.
 * opts: { hints: bool, selected: index|null, targets: Set<index>,
 *         labels: Map<index, text> (analysis), columnLabels: Map<col, text>,
 *         onCell(index) }
 */
export function drawBoard(svg, state, opts) {
  const view = state.board;
  const kind = view.shape.kind;
  const hex = kind === 'hex_rhombus' || kind === 'triangle' || kind === 'hex_hex';
  const columns = kind === 'columns';
  const cells = view.cells;
  const xs = cells.map(c => c.x), ys = cells.map(c => c.y);
  const pad = 1.1;
  const minX = Math.min(...xs) - pad, maxX = Math.max(...xs) + pad;
  const minY = Math.min(...ys) - pad, maxY = Math.max(...ys) + pad + (columns ? 0.5 : 0.1);
  svg.replaceChildren();
  svg.setAttribute('viewBox', `${minX} ${minY} ${maxX - minX} ${maxY - minY}`);
  svg.setAttribute('width', Math.round((maxX - minX) * UNIT));
  svg.setAttribute('height', Math.round((maxY - minY) * UNIT));
  svg.dataset.cells = cells.length;
  svg.dataset.shape = kind;

  // Legal cells are marked only where they say something: not when every
  // empty cell is one.
  const hintCells = new Set();
  for (const m of state.legal) if (m.cells.length === 1) hintCells.add(m.cells[0]);
  const empty = cells.filter(c => !c.owner).length;
  if (hintCells.size >= empty && !columns) hintCells.clear();
  const last = new Set(state.last ? state.last.cells : []);

  if (columns) {
    const x0 = Math.min(...xs) - 0.5, y0 = Math.min(...ys) - 0.5;
    el('rect', { x: x0 - 0.1, y: y0 - 0.1, width: Math.max(...xs) - x0 + 0.6,
      height: Math.max(...ys) - y0 + 0.6, rx: 0.2, class: 'frame-columns' }, svg);
  }
  const board = el('g', {}, svg);
  cells.forEach((c, i) => {
    const g = el('g', { class: 'cell', 'data-index': i, 'data-name': c.name }, board);
    if (hex) {
      el('polygon', { points: hexPoints(c.x, c.y), class: 'bg-hex' }, g);
    } else if (columns) {
      el('rect', { x: c.x - 0.5, y: c.y - 0.5, width: 1, height: 1, class: 'bg-hit' }, g);
      el('circle', { cx: c.x, cy: c.y, r: 0.4, class: 'hole' }, g);
    } else {
      el('rect', { x: c.x - 0.5, y: c.y - 0.5, width: 1, height: 1,
        class: (c.col + c.row) % 2 ? 'bg-square odd' : 'bg-square' }, g);
    }
    if (opts.selected === i) g.classList.add('selected');
    if (opts.targets && opts.targets.has(i)) g.classList.add('target');
    if (c.owner) {
      el('circle', { cx: c.x, cy: c.y, r: columns ? 0.4 : 0.38,
        class: `stone ${c.owner === 'First' ? 'first' : 'second'}${columns ? ' c4' : ''}` }, g);
    } else if (opts.hints && hintCells.has(i) && !(opts.labels && opts.labels.has(i))) {
      el('circle', { cx: c.x, cy: c.y, r: 0.12, class: 'hint' }, g);
    }
    if (last.has(i)) el('circle', { cx: c.x, cy: c.y, r: 0.2, class: 'last' }, g);
    const label = opts.labels && opts.labels.get(i);
    if (label !== undefined && !c.owner) {
      el('text', { x: c.x, y: c.y + 0.1, class: 'score' }, g).textContent = label;
    }
    g.addEventListener('click', () => opts.onCell(i));
  });
  (view.stars || []).forEach(i => {
    const c = cells[i];
    if (c && !c.owner) el('circle', { cx: c.x, cy: c.y, r: 0.09, class: 'star' }, board);
  });
  drawCoordinates(svg, cells, columns, state, opts);
}

/**
 * Letters under each column, digits left of each row, read from the cell names;
 * each label one step beyond the end of its line of cells (so slanted hexagonal
 * columns get theirs along the slant).
 */
function drawCoordinates(svg, cells, columns, state, opts) {
  const g = el('g', { class: 'coords' }, svg);
  if (columns) return columnNames(g, cells, state, opts);
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
      [dx, dy] = [(end.x - prev.x) / len * 0.8, (end.y - prev.y) / len * 0.8];
    }
    return [end.x + dx, end.y + dy];
  };
  const digits = [...byDigits].map(([d, group]) => [d, beyond(group, c => -c.x, [-0.8, 0])]);
  const near = ([x, y]) => digits.some(([, [u, v]]) => Math.hypot(x - u, y - v) < 1.0);
  for (const [d, [x, y]] of digits) {
    el('text', { x, y: y + 0.12, class: 'coord' }, g).textContent = d;
  }
  for (const [l, group] of byLetters) {
    // Below the line's lowest cell, or above its highest where a row's label is.
    let p = beyond(group, c => c.y, [0, 0.8]);
    if (near(p)) p = beyond(group, c => c.y, [0, -0.8], true);
    el('text', { x: p[0], y: p[1] + 0.12, class: 'coord' }, g).textContent = l;
  }
}

/** Connect Four style: a column is named by its move (learnt from the legal moves). */
function columnNames(g, cells, state, opts) {
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
    const score = opts.columnLabels && opts.columnLabels.get(c.col);
    if (score !== undefined) {
      el('text', { x: c.x, y: bottom + 1.45, class: 'score col' }, g).textContent = score;
    }
  }
}
