// The puzzle pages: Life, Lights Out and the packing puzzles. Every rule runs
// on the server (the library): the page sends what it shows and draws what
// comes back.

import { api } from './api.js';

const NS = 'http://www.w3.org/2000/svg';
const $ = id => document.getElementById(id);

function el(name, attrs = {}, parent = null, text = null) {
  const e = name === 'svg' || ['rect', 'circle', 'line', 'text', 'g'].includes(name)
    ? document.createElementNS(NS, name) : document.createElement(name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  if (parent) parent.append(e);
  return e;
}

function button(parent, text, onclick, id) {
  const b = el('button', id ? { id } : {}, parent, text);
  b.addEventListener('click', onclick);
  return b;
}

let stop = () => {};

/** Shows puzzle `name` (`life`, `lightsout`, `pack`) in `#puzzle`. */
export function showPuzzle(name, showError) {
  stop();
  stop = () => {};
  $('start').hidden = true; $('play').hidden = true;
  const box = $('puzzle');
  box.hidden = false;
  box.replaceChildren();
  const pages = { life, lightsout, pack };
  const titles = { life: 'Life', lightsout: 'Lights Out', pack: 'Packing' };
  $('title').textContent = titles[name] || name;
  if (!pages[name]) { box.textContent = `no puzzle '${name}' (life, lightsout, pack)`; return; }
  pages[name](box, e => showError(e));
}

// ---- Life -------------------------------------------------------------------

const PATTERNS = {
  'glider': 'x = 3, y = 3, rule = B3/S23\nbob$2bo$3o!',
  'R-pentomino': 'x = 3, y = 3, rule = B3/S23\nb2o$2o$bo!',
  'Gosper glider gun': 'x = 36, y = 9, rule = B3/S23\n24bo$22bobo$12b2o6b2o12b2o$11bo3bo4b2o12b2o$2o8bo5bo3b2o$2o8bo3bob2o4bobo$10bo5bo7bo$11bo3bo$12b2o!',
  'lightweight spaceship': 'x = 5, y = 4, rule = B3/S23\nbo2bo$o4b$o3bo$4o!',
  'acorn': 'x = 7, y = 3, rule = B3/S23\nbo5b$3bo3b$2o2b3o!',
};

function life(box, showError) {
  const side = el('section', { class: 'board-side' }, box);
  const svg = el('svg', { id: 'life', class: 'life', role: 'img', 'aria-label': 'Life' }, side);
  const status = el('div', { id: 'life-status', class: 'status' }, side);
  const row = el('div', { class: 'row' }, side);
  const panel = el('section', { class: 'panel' }, box);
  el('h3', {}, panel, 'Pattern (RLE)');
  const pick = el('select', { id: 'life-preset' }, panel);
  for (const name of Object.keys(PATTERNS)) pick.add(new Option(name, name));
  const text = el('textarea', { id: 'life-rle', rows: 8, spellcheck: 'false' }, panel);
  const row2 = el('div', { class: 'row' }, panel);
  el('p', { class: 'small' }, panel,
    'Paste a pattern in RLE (LifeWiki\'s format; the header\'s rule, B3/S23 when none). ' +
    'The server runs it on the library\'s unbounded plane of 64×64 bitboard tiles.');

  const lf = { rle: '', x: 0, y: 0, generation: 0, cells: [], view: null, timer: null };

  const draw = () => {
    let [x0, y0, x1, y1] = lf.view || [0, 0, 19, 19];
    for (const [x, y] of lf.cells) {
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    // The view only grows, so a moving pattern moves across it.
    lf.view = [x0, y0, x1, y1];
    const w = x1 - x0 + 5, h = y1 - y0 + 5;
    const scale = Math.max(2, Math.min(16, Math.floor(640 / Math.max(w, h))));
    svg.setAttribute('viewBox', `${x0 - 2} ${y0 - 2} ${w} ${h}`);
    svg.setAttribute('width', w * scale);
    svg.setAttribute('height', h * scale);
    svg.dataset.population = lf.cells.length;
    svg.replaceChildren();
    el('rect', { x: x0 - 2, y: y0 - 2, width: w, height: h, class: 'life-bg' }, svg);
    const g = el('g', { class: 'life-cells' }, svg);
    for (const [x, y] of lf.cells) el('rect', { x, y, width: 1, height: 1, class: 'alive' }, g);
    status.textContent = `generation ${lf.generation} · ${lf.cells.length} alive`;
  };

  const take = r => {
    Object.assign(lf, { rle: r.rle, x: r.x, y: r.y, cells: r.cells });
    lf.generation += r.generations;
  };

  const load = async () => {
    halt();
    try {
      const r = await api('/api/life/step', { rle: text.value, generations: 0 });
      Object.assign(lf, { generation: 0, view: null });
      take(r);
      draw();
      showError(null);
    } catch (e) { showError(e); }
  };

  const step = async n => {
    try {
      const r = await api('/api/life/step', { rle: lf.rle, x: lf.x, y: lf.y, generations: n });
      take(r);
      draw();
      showError(null);
      return true;
    } catch (e) { showError(e); halt(); return false; }
  };

  const run = el('button', { id: 'life-run' }, row, 'Run');
  const halt = () => { if (lf.timer) clearTimeout(lf.timer); lf.timer = null; run.textContent = 'Run'; };
  const tick = async () => {
    if ($('puzzle').hidden || !svg.isConnected) return halt();
    if (await step(1) && lf.timer) lf.timer = setTimeout(tick, 80);
  };
  run.addEventListener('click', () => {
    if (lf.timer) return halt();
    run.textContent = 'Stop';
    lf.timer = setTimeout(tick, 0);
  });
  button(row, 'Step', () => { halt(); step(1); }, 'life-step');
  button(row, '+10', () => { halt(); step(10); }, 'life-step10');
  button(row, '+100', () => { halt(); step(100); }, 'life-step100');
  button(row2, 'Load', load, 'life-load');
  pick.addEventListener('change', () => { text.value = PATTERNS[pick.value]; load(); });
  stop = halt;

  pick.value = 'Gosper glider gun';
  text.value = PATTERNS[pick.value];
  load();
}

// ---- Lights Out ---------------------------------------------------------------

function lightsout(box, showError) {
  const side = el('section', { class: 'board-side' }, box);
  const svg = el('svg', { id: 'lights', role: 'img', 'aria-label': 'Lights Out' }, side);
  const status = el('div', { id: 'lights-status', class: 'status' }, side);
  const row = el('div', { class: 'row' }, side);
  const panel = el('section', { class: 'panel' }, box);
  el('h3', {}, panel, 'Board');
  const size = el('div', { class: 'row' }, panel);
  el('label', {}, size, 'width ');
  const wIn = el('input', { id: 'lights-width', type: 'number', min: 1, max: 32, value: 5 }, size);
  el('label', {}, size, ' height ');
  const hIn = el('input', { id: 'lights-height', type: 'number', min: 1, max: 32, value: 5 }, size);
  const modes = el('div', { class: 'row' }, panel);
  const press = el('input', { type: 'radio', name: 'lights-mode', id: 'lights-press', checked: '' });
  const edit = el('input', { type: 'radio', name: 'lights-mode', id: 'lights-edit' });
  const l1 = el('label', {}, modes); l1.append(press, ' a click presses');
  const l2 = el('label', {}, modes); l2.append(edit, ' a click switches one light (set up)');
  const info = el('div', { id: 'lights-info', class: 'small' }, panel);
  el('p', { class: 'small' }, panel,
    'Pressing a light switches it and its four neighbours (Browne, Alg. 11). "Solve" asks the ' +
    'library\'s solver: light chasing and Gaussian elimination over GF(2), the fewest presses ' +
    'found by walking the null space.');

  const lo = { width: 5, height: 5, on: new Set(), presses: new Set() };
  const key = (x, y) => `${x},${y}`;
  const picture = () => {
    const rows = [];
    for (let y = lo.height - 1; y >= 0; y--) {
      let r = '';
      for (let x = 0; x < lo.width; x++) r += lo.on.has(key(x, y)) ? 'X' : '.';
      rows.push(r);
    }
    return rows.join('\n');
  };
  const body = extra => ({ width: lo.width, height: lo.height, lights: picture(), ...extra });

  const draw = () => {
    const { width: w, height: h } = lo;
    svg.setAttribute('viewBox', `-0.6 -0.1 ${w + 0.7} ${h + 0.7}`);
    const unit = Math.max(14, Math.min(56, Math.floor(480 / Math.max(w, h))));
    svg.setAttribute('width', Math.round((w + 0.7) * unit));
    svg.setAttribute('height', Math.round((h + 0.7) * unit));
    svg.dataset.cells = w * h;
    svg.dataset.on = lo.on.size;
    svg.replaceChildren();
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const g = el('g', { class: 'cell', 'data-x': x, 'data-y': y }, svg);
        const top = h - 1 - y;
        el('rect', { x: x + 0.05, y: top + 0.05, width: 0.9, height: 0.9, rx: 0.12,
          class: lo.on.has(key(x, y)) ? 'light on' : 'light' }, g);
        if (lo.presses.has(key(x, y))) el('circle', { cx: x + 0.5, cy: top + 0.5, r: 0.22, class: 'press' }, g);
        g.addEventListener('click', () => click(x, y));
      }
    }
    const coords = el('g', { class: 'coords' }, svg);
    for (let x = 0; x < w; x++) el('text', { x: x + 0.5, y: h + 0.45, class: 'coord' }, coords, String.fromCharCode(97 + x));
    for (let y = 0; y < h; y++) el('text', { x: -0.3, y: h - y - 0.38, class: 'coord' }, coords, String(y + 1));
    status.textContent = lo.on.size ? `${lo.on.size} lights on` : 'all lights off';
  };

  const setLights = r => {
    lo.on = new Set(r.on.map(([x, y]) => key(x, y)));
    draw();
  };

  const pressCells = async cells => {
    try {
      setLights(await api('/api/lightsout/press', body({ presses: cells })));
      showError(null);
    } catch (e) { showError(e); }
  };

  const click = (x, y) => {
    if (edit.checked) {
      const k = key(x, y);
      if (lo.on.has(k)) lo.on.delete(k); else lo.on.add(k);
      lo.presses.clear(); info.textContent = '';
      draw();
      return;
    }
    lo.presses.delete(key(x, y));
    pressCells([[x, y]]);
  };

  const resize = () => {
    lo.width = Number(wIn.value) || 5; lo.height = Number(hIn.value) || 5;
    lo.on.clear(); lo.presses.clear(); info.textContent = '';
    draw();
  };

  const solve = async () => {
    try {
      const r = await api('/api/lightsout/solve', body());
      showError(null);
      const sols = r.null_dimension ? `2^${r.null_dimension} solutions` : 'one solution';
      if (!r.solvable) {
        lo.presses.clear();
        info.textContent = `no solution: this ${lo.width}×${lo.height} position cannot be switched off ` +
          `(only 1 in 2^${r.null_dimension} positions can)`;
      } else {
        lo.presses = new Set(r.presses.on.map(([x, y]) => key(x, y)));
        info.textContent = `${r.presses.on.length} presses${r.minimal ? ' (the fewest)' : ''}: ` +
          `${r.presses.names.join(' ')} · ${sols} in all`;
      }
      draw();
    } catch (e) { showError(e); }
  };

  const scramble = async () => {
    lo.on.clear(); lo.presses.clear(); info.textContent = '';
    const cells = [];
    for (let y = 0; y < lo.height; y++) for (let x = 0; x < lo.width; x++) if (Math.random() < 0.5) cells.push([x, y]);
    await pressCells(cells);
  };

  button(row, 'Solve', solve, 'lights-solve');
  button(row, 'Press the solution', () => {
    const cells = [...lo.presses].map(k => k.split(',').map(Number));
    lo.presses.clear();
    pressCells(cells);
  }, 'lights-apply');
  button(row, 'Scramble', scramble, 'lights-scramble');
  button(row, 'Clear', resize, 'lights-clear');
  wIn.addEventListener('change', resize);
  hIn.addEventListener('change', resize);
  draw();
  scramble();
}

// ---- Packing ----------------------------------------------------------------

const COLOURS = ['#e6194b', '#3cb44b', '#ffe119', '#4363d8', '#f58231', '#911eb4', '#46f0f0',
  '#f032e6', '#bcf60c', '#fabebe', '#008080', '#e6beff', '#9a6324', '#fffac8', '#800000',
  '#aaffc3', '#808000', '#ffd8b1', '#000075', '#808080'];


async function pack(box, showError) {
  const panel = el('section', { class: 'panel wide' }, box);
  const row = el('div', { class: 'row' }, panel);
  const pick = el('select', { id: 'pack-puzzle' }, row);
  const go = el('button', { id: 'pack-solve' }, row, 'Solve');
  const status = el('div', { id: 'pack-status', class: 'status' }, panel);
  const drawing = el('div', { id: 'pack-drawing', class: 'pack-layers' }, panel);
  el('p', { class: 'small' }, panel,
    'The library counts every packing (Browne, Alg. 13: every placement of every piece a ' +
    'bitboard, the lowest empty cell filled first) and the packings up to the board\'s ' +
    'symmetries, and draws the first one found. Solids are drawn layer by layer.');
  let list;
  try { list = await api('/api/pack'); } catch (e) { showError(e); return; }
  for (const p of list) {
    const o = new Option(`${p.name} — ${p.summary}${p.web ? '' : ' (minutes: bitgames pack only)'}`, p.name);
    o.disabled = !p.web;
    pick.add(o);
  }

  const solve = async () => {
    go.disabled = true;
    drawing.replaceChildren();
    status.textContent = 'counting…';
    try {
      const r = await api('/api/pack/solve', { puzzle: pick.value });
      status.textContent = `${r.solutions.toLocaleString('en')} packings, ${r.distinct.toLocaleString('en')} ` +
        `distinct up to the board's ${r.symmetries} symmetries · ${r.pieces} pieces, ${r.cells} cells · ` +
        `${r.nodes.toLocaleString('en')} nodes, ${r.seconds.toFixed(2)} s`;
      if (r.solution) drawPacking(drawing, r.dims, r.solution);
      showError(null);
    } catch (e) { status.textContent = ''; showError(e); }
    go.disabled = false;
  };
  go.addEventListener('click', solve);
  pick.addEventListener('change', solve);
  solve();
}

/** Each layer of `labels[z][y][x]` as a grid of coloured cells, piece edges drawn thick. */
function drawPacking(box, [w, h, d], labels) {
  const unit = Math.max(18, Math.min(44, Math.floor(520 / Math.max(w, h))));
  // One colour a piece, in the order of their labels.
  const all = [...new Set(labels.flat(2))].filter(l => l !== ' ').sort();
  const colour = l => COLOURS[all.indexOf(l) % COLOURS.length];
  for (let z = 0; z < d; z++) {
    const fig = el('figure', { class: 'pack-layer' }, box);
    const svg = el('svg', { viewBox: `-0.1 -0.1 ${w + 0.2} ${h + 0.2}`, width: Math.round((w + 0.2) * unit),
      height: Math.round((h + 0.2) * unit), class: 'pack', 'data-layer': z }, fig);
    const at = (x, y) => (x < 0 || y < 0 || x >= w || y >= h) ? ' ' : labels[z][y][x];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const l = at(x, y);
        if (l === ' ') continue;
        const top = h - 1 - y;
        const g = el('g', { class: 'piece-cell', 'data-label': l }, svg);
        el('rect', { x, y: top, width: 1, height: 1, fill: colour(l), class: 'pack-cell' }, g);
        el('text', { x: x + 0.5, y: top + 0.62, class: 'pack-label' }, g, l);
        // Edges where the neighbour is another piece or off the board.
        if (at(x - 1, y) !== l) el('line', { x1: x, y1: top, x2: x, y2: top + 1, class: 'edge' }, g);
        if (at(x + 1, y) !== l) el('line', { x1: x + 1, y1: top, x2: x + 1, y2: top + 1, class: 'edge' }, g);
        if (at(x, y + 1) !== l) el('line', { x1: x, y1: top, x2: x + 1, y2: top, class: 'edge' }, g);
        if (at(x, y - 1) !== l) el('line', { x1: x, y1: top + 1, x2: x + 1, y2: top + 1, class: 'edge' }, g);
      }
    }
    if (d > 1) el('figcaption', { class: 'small' }, fig, `layer ${z + 1}${z === 0 ? ' (bottom)' : z === d - 1 ? ' (top)' : ''}`);
  }
}
