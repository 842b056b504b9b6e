// The page: a start page listing the games (forms built from each game's
// parameter list) and a board page. The page keeps the game (spec, start
// position, the line of moves and the ply shown) and asks the server for
// everything else. No game is named here.

import { api, gamePath, writeSpec } from './api.js';
import { drawArea, drawBoard, drawMarks } from './board.js';
import { readEvents, describeScore, bestMoves } from './analysis.js';
import { showPuzzle } from './puzzles.js';

const $ = id => document.getElementById(id);

// The game on the board page: its moves as a tree (`root`; each node's first
// child is its main line, the others variations), `path` the nodes of the line
// selected, from the first move to the line's end, and `ply` how many of them
// the board shows. Stepping back keeps the rest; a different move played there
// starts a variation.
const node = (mv, parent) => ({ mv, parent, children: [] });
const game = {
  spec: null, start: null, root: node(null, null), path: [], ply: 0, state: null, selected: null,
  get line() { return this.path.map(n => n.mv); },
  busy: false, engineStop: null,
  analysis: null,           // the running analysis's AbortController
  cache: new Map(),         // position key → { unit, scores: Map, best, done, complete, cells, ply, mover }
  showAll: false,
};

function showError(e) {
  const box = $('error');
  box.textContent = e ? `error: ${e.message || e}` : '';
  box.hidden = !e;
}

// ---- start page -------------------------------------------------------------

/**
 * A form for a parameter list; returns a function reading `{name: value}` with
 * only the values that differ from the defaults. A parameter with no default
 * (a search limit left unset) is a blank box: left blank, it is left out.
 */
function paramForm(container, params, { sliders = false } = {}) {
  container.replaceChildren();
  const readers = [];
  for (const p of params) {
    const label = document.createElement('label');
    label.title = p.doc;
    const unset = p.default === null || p.default === undefined;
    let input;
    if (p.kind === 'choice') {
      input = document.createElement('select');
      for (const c of p.choices) input.add(new Option(c, c, false, c === p.default));
    } else {
      input = document.createElement('input');
      if (p.kind === 'bool') { input.type = 'checkbox'; input.checked = p.default; }
      else if (p.kind === 'int' || p.kind === 'float') {
        const small = p.kind === 'int' && p.max - p.min <= 100;
        input.type = sliders && small && !unset ? 'range' : 'number';
        input.min = p.min; input.max = p.max;
        input.step = p.kind === 'int' ? 1 : 'any';
        if (unset) input.placeholder = 'none';
        else input.value = p.default;
      } else if (p.kind === 'duration') {
        input.placeholder = unset ? 'e.g. 2s or 500ms' : '';
        if (!unset) input.value = p.default;
        input.size = 10;
      } else { input.value = p.default ?? ''; }
    }
    const out = document.createElement('output');
    const show = () => { out.textContent = input.type === 'range' ? ` ${input.value}` : ''; };
    input.addEventListener('input', show); show();
    label.append(`${p.name} `, input, out);
    container.append(label);
    const initial = p.kind === 'bool' ? String(p.default) : unset ? '' : String(p.default);
    readers.push(() => [p.name, p.kind === 'bool' ? String(input.checked) : input.value.trim(), initial]);
  }
  return () => Object.fromEntries(readers.map(r => r()).filter(([, v, d]) => v !== '' && v !== d)
    .map(([k, v]) => [k, v]));
}

async function showStart() {
  $('start').hidden = false; $('play').hidden = true; $('puzzle').hidden = true; $('title').textContent = '';
  stopAnalysis();
  stopEngine();
  const games = await api('/api/games');
  const box = $('games');
  box.replaceChildren();
  for (const g of games) {
    const card = document.createElement('div');
    card.className = 'card';
    card.dataset.game = g.name;
    const h = document.createElement('h3'); h.textContent = g.name;
    const p = document.createElement('p'); p.className = 'small'; p.textContent = g.summary;
    const form = document.createElement('div'); form.className = 'params';
    const read = paramForm(form, g.params);
    const go = document.createElement('button'); go.textContent = `Play ${g.name}`;
    go.addEventListener('click', () => { location.hash = encodeURIComponent(writeSpec(g.name, read())); });
    card.append(h, p, form, go);
    box.append(card);
  }
}

// ---- board page -------------------------------------------------------------

async function showGame(spec) {
  $('start').hidden = true; $('play').hidden = false; $('puzzle').hidden = true;
  Object.assign(game, { spec, urlSpec: spec, start: null, selected: null, state: null, showAll: false });
  rowsByMove.clear();
  setLine([]);
  game.cache = new Map();
  $('moves-note').textContent = '';
  $('engine-info').textContent = '';
  await refresh();
  resetClock();
}

/** A new tree holding one line, `moves`, shown to its end. */
function setLine(moves) {
  game.root = node(null, null);
  game.path = [];
  let at = game.root;
  for (const mv of moves) {
    const n = node(mv, at);
    at.children.push(n);
    game.path.push(n);
    at = n;
  }
  game.ply = moves.length;
}

/** Selects the line through `n` (its main continuation after it) and shows `n`. */
function selectNode(n) {
  const up = [];
  for (let a = n; a && a.mv !== null; a = a.parent) up.unshift(a);
  let down = n;
  while (down.children.length) { down = down.children[0]; up.push(down); }
  game.path = up;
  game.ply = n.mv === null ? 0 : up.indexOf(n) + 1;
}

/** The moves the board shows. */
const shown = () => game.line.slice(0, game.ply);

/** A key naming the position shown (for the analysis cache). */
const keyAt = ply => `${game.spec}|${game.start ?? ''}|${game.line.slice(0, ply).join(' ')}`;

/** Asks the server for the state of the position shown and draws it. */
async function refresh(extra = {}) {
  const follow = !!game.analysis;
  stopAnalysis();
  stopEngine();
  try {
    const s = await api(gamePath(game.spec, 'state'), { start: game.start, moves: shown(), ...extra });
    setState(s);
    showError(null);
    if (follow && $('follow').checked) startAnalysis();
    return s;
  } catch (e) { showError(e); return null; }
}

/** Shows ply `n` of the line. */
function goTo(n) {
  n = Math.max(0, Math.min(game.line.length, n));
  if (n === game.ply) return;
  game.ply = n;
  refresh();
}

/**
 * Loads the move box: a move list or a whole record in the game's notation
 * (the server reads it). A record may bring its own start and board size.
 */
async function loadRecord() {
  const prev = { root: game.root, path: game.path, ply: game.ply };
  setLine([]);
  const s = await refresh({ record: $('moves').value });
  if (!s) { Object.assign(game, prev); return; }
  game.start = s.start;
  game.urlSpec = s.game;
  setLine(s.moves);
  writeUrl();
  $('moves-note').textContent = `loaded: ${s.moves.length} moves`;
}

/** Copies the game in the notation chosen (to the clipboard, or into the box). */
async function copyRecord() {
  const format = $('record-format').value;
  let r = (game.state?.records || []).find(r => r.format === format);
  if (!r) return;
  // SGF keeps the variations: the whole tree, written by the server.
  if (format === 'sgf' && hasVariations()) {
    try {
      r = await api(gamePath(game.spec, 'sgf'), { start: game.start, tree: treeNodes() });
      r.format = 'sgf (with variations)';
    } catch (e) { showError(e); return; }
  }
  try {
    await navigator.clipboard.writeText(r.text);
    $('moves-note').textContent = `copied as ${r.format} (${r.text.length} characters)`;
  } catch {
    // No clipboard (an insecure page, a refusal): the text in the box, selected.
    $('moves').value = r.text;
    $('moves').select();
    $('moves-note').textContent = `the ${r.format} record is in the box: copy it from there`;
  }
}

function setState(s) {
  game.state = s;
  game.spec = s.game;
  // The server's moves are the line up to the ply shown.
  const line = game.line;
  const same = s.moves.every((m, i) => line[i] === m);
  if (!same || s.moves.length > line.length) setLine(s.moves);
  game.ply = s.moves.length;
  game.selected = null;
  game.preview = null;
  $('title').textContent = s.game;
  document.title = `${s.name || s.game} · bitgames`;
  $('moves').value = s.moves.join(' ');
  const formats = s.records.map(r => r.format);
  const sel = $('record-format');
  if (sel.dataset.formats !== formats.join(',')) {
    sel.dataset.formats = formats.join(',');
    sel.replaceChildren(...formats.map(f => new Option(f, f)));
  }
  $('position').value = s.position;
  $('picture').textContent = s.picture;
  $('analysis-about').textContent = s.analysis;
  $('analysis-progress').textContent = '';
  const turn = s.to_move ? `${s.to_move} to move` : s.result;
  $('status').textContent = `${turn} · move ${s.ply}`;
  // The pieces on the board (Othello's disc count), read off the board.
  const count = [0, 0];
  for (const c of s.board.cells) if (c.owner) count[c.owner === 'First' ? 0 : 1] += 1;
  const counted = count[0] + count[1] ? [`on the board: ${s.players[0]} ${count[0]} · ${s.players[1]} ${count[1]}`] : [];
  const taken = s.board.captures;
  if (taken) counted.push(`captures: ${s.players[0]} ${taken[0]} · ${s.players[1]} ${taken[1]}`);
  $('counts').textContent = counted.join(' · ');
  $('area-label').hidden = !s.area;
  const banner = $('banner');
  banner.hidden = !!s.to_move;
  banner.textContent = s.to_move ? '' : `Game over: ${s.result}`;
  if (clock.flagged !== null) {
    banner.hidden = false;
    banner.textContent = `Game over: ${s.players[clock.flagged]} lost on time`;
  }
  setEngines(s.engines, s.presets);
  otherMoves();
  moveList();
  draw();
  writeUrl();
  followClock();
  maybeEngineTurn();
}

/** The URL names the game, its moves and the ply shown, so a reload or a shared link restores the view. */
function writeUrl() {
  if (!game.spec) return;
  const q = new URLSearchParams();
  if (game.start !== null) q.set('start', game.start);
  if (game.line.length) {
    q.set('moves', game.line.every(m => m.length === 1) ? game.line.join('') : game.line.join(','));
  }
  if (game.ply !== game.line.length) q.set('ply', String(game.ply));
  const qs = q.toString();
  const hash = `#${encodeURI(game.urlSpec || game.spec)}${qs ? `?${qs}` : ''}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

/**
 * The moves as a tree, lichess-style: the main line numbered, each variation
 * in parentheses after the move it replaces; every move a button that shows
 * its position. The move shown is marked, the rest of its line dimmed.
 */
function moveList() {
  const box = $('movelist');
  box.replaceChildren();
  const current = game.ply ? game.path[game.ply - 1] : null;
  const ahead = new Set(game.path.slice(game.ply));
  const line = (into, first, ply) => {
    let numbered = true;
    for (let n = first, d = ply; n; n = n.children[0], d++) {
      if (numbered || d % 2 === 1) {
        const num = document.createElement('span');
        num.className = 'num';
        num.textContent = d % 2 === 1 ? `${(d + 1) / 2}.` : `${d / 2}…`;
        into.append(num, ' ');
      }
      numbered = false;
      const b = document.createElement('button');
      b.className = 'mv';
      b.textContent = n.mv;
      b.dataset.ply = String(d);
      if (n === current) { b.classList.add('current'); b.setAttribute('aria-current', 'step'); }
      if (ahead.has(n)) b.classList.add('ahead');
      b.addEventListener('click', () => { selectNode(n); refresh(); });
      into.append(b, ' ');
      const sibs = n.parent.children;
      if (sibs[0] === n && sibs.length > 1) {
        for (const alt of sibs.slice(1)) {
          const v = document.createElement('span');
          v.className = 'variation';
          line(v, alt, d);
          into.append(v);
        }
        numbered = true;
      }
    }
  };
  if (game.root.children.length) line(box, game.root.children[0], 1);
  const cur = box.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
  const inVariation = game.path.some(n => n.parent.children[0] !== n);
  $('promote').disabled = !inVariation;
  $('delete-line').disabled = !current;
  saveTree();
}

// The whole tree is kept in the tab's session storage (the URL names only the
// line shown), so a reload brings the variations back.
const TREE_KEY = 'bitgames-tree';

/** Writes the tree, as nested `[move, child, …]` arrays, with the game and its start. */
function saveTree() {
  const out = n => [n.mv, ...n.children.map(out)];
  try {
    sessionStorage.setItem(TREE_KEY, JSON.stringify({ spec: game.spec, start: game.start, tree: out(game.root) }));
  } catch { /* storage full or refused: the URL still names the line */ }
}

/** The stored tree, as saved (read before the page draws, which saves anew). */
function readSavedTree() {
  try { return JSON.parse(sessionStorage.getItem(TREE_KEY) || 'null'); } catch { return null; }
}

/**
 * The saved tree if it is of this game and start and holds `moves` as a
 * line: the tree's root and the node at the line's end; else null.
 */
function storedTree(saved, moves) {
  if (!saved || saved.spec !== game.spec || (saved.start ?? null) !== (game.start ?? null)) return null;
  const build = (a, parent) => {
    if (!Array.isArray(a) || (parent && typeof a[0] !== 'string')) throw new Error('not a tree');
    const n = node(parent ? a[0] : null, parent);
    n.children = a.slice(1).map(c => build(c, n));
    return n;
  };
  let root;
  try { root = build(saved.tree, null); } catch { return null; }
  let at = root;
  for (const mv of moves) {
    at = at.children.find(c => c.mv === mv);
    if (!at) return null;
  }
  return { root, at };
}

/**
 * ↑ / ↓: the previous or next variation at the move shown (or, where that
 * move has none, at the move after it), the board at the same ply.
 */
function switchVariation(step) {
  let k = game.ply - 1;
  if (!(k >= 0 && game.path[k].parent.children.length > 1)) k = game.ply;
  const n = game.path[k];
  if (!n || n.parent.children.length < 2) return false;
  const sibs = n.parent.children;
  const ply = game.ply;
  selectNode(sibs[(sibs.indexOf(n) + step + sibs.length) % sibs.length]);
  game.ply = ply;
  refresh();
  return true;
}

/** Makes the variation shown the main line at its fork (one level each press). */
function promote() {
  const n = [...game.path.slice(0, Math.max(game.ply, 1))].reverse().find(n => n.parent.children[0] !== n)
    || game.path.find(n => n.parent.children[0] !== n);
  if (!n) return;
  const sibs = n.parent.children;
  sibs.splice(sibs.indexOf(n), 1);
  sibs.unshift(n);
  moveList();
}

/** Deletes the move shown and everything after it; shows the position before it. */
function deleteLine() {
  const n = game.ply ? game.path[game.ply - 1] : null;
  if (!n) return;
  const sibs = n.parent.children;
  sibs.splice(sibs.indexOf(n), 1);
  selectNode(n.parent);
  refresh();
}

/** The tree as the server's `/sgf` takes it: nodes in preorder with their parent's index. */
function treeNodes() {
  const out = [];
  const walk = (n, parent) => {
    const i = out.length;
    out.push(parent === null ? { move: n.mv } : { move: n.mv, parent });
    for (const c of n.children) walk(c, i);
  };
  for (const c of game.root.children) walk(c, null);
  return out;
}

/** Whether the tree has a variation anywhere. */
function hasVariations() {
  const stack = [game.root];
  while (stack.length) {
    const n = stack.pop();
    if (n.children.length > 1) return true;
    stack.push(...n.children);
  }
  return false;
}

/**
 * The area estimate of the position shown (games scored by area, with the
 * box ticked): asked of the server once per position and kept; a newer
 * position's answer wins over an older one's.
 */
async function showArea() {
  const s = game.state;
  const words = $('area-words');
  if (!s || !s.area || !$('area-toggle').checked) {
    drawArea($('board'), s, null);
    words.textContent = '';
    return;
  }
  const key = `area|${keyAt(game.ply)}`;
  let e = game.cache.get(key);
  if (!e) {
    words.textContent = 'estimating the area…';
    try {
      e = await api(gamePath(game.spec, 'area'), { start: game.start, moves: shown() });
    } catch (err) { words.textContent = `area estimate: ${err.message || err}`; return; }
    game.cache.set(key, e);
    if (game.state !== s) return;
  }
  drawArea($('board'), s, e.owners);
  const [a, b] = e.area.map(v => v.toFixed(1));
  words.textContent = `area estimate (${e.playouts} playouts): ${s.players[0]} ${a} · ${s.players[1]} ${b}`;
}

function draw() {
  const s = game.state;
  const targets = new Set();
  if (game.selected !== null) {
    for (const m of s.legal) if (m.cells[0] === game.selected && m.cells.length > 1) targets.add(m.cells.at(-1));
  }
  drawBoard($('board'), s, { hints: $('hints').checked, selected: game.selected, targets, onCell: clickCell });
  renderAnalysis();
  showArea();
}

/** Legal moves a click on a cell cannot make (a pass, a swap) as buttons. */
function otherMoves() {
  const box = $('other-moves');
  box.replaceChildren();
  for (const m of game.state.legal) {
    const first = m.cells.length ? game.state.board.cells[m.cells[0]].name.toLowerCase() : null;
    if (first && m.mv.toLowerCase().startsWith(first)) continue;
    if (game.state.board.shape.kind === 'columns' && m.cells.length) continue;
    const b = document.createElement('button');
    b.textContent = m.mv;
    b.addEventListener('click', () => playMove(m.mv));
    box.append(b);
  }
}

/** A click: a one-cell move there, or a step chosen from and to, or a column. */
function clickCell(i) {
  const s = game.state;
  if (!s || game.busy) return;
  const cells = s.board.cells;
  if (game.selected !== null) {
    const step = s.legal.find(m => m.cells.length > 1 && m.cells[0] === game.selected && m.cells.at(-1) === i);
    game.selected = null;
    if (step) return playMove(step.mv);
  }
  if (s.board.shape.kind === 'columns') {
    const m = s.legal.find(m => m.cells.length && cells[m.cells[0]].col === cells[i].col);
    if (m) return playMove(m.mv);
    return;
  }
  const single = s.legal.find(m => m.cells.length === 1 && m.cells[0] === i);
  if (single) return playMove(single.mv);
  if (s.legal.some(m => m.cells.length > 1 && m.cells[0] === i)) game.selected = i;
  draw();
}

/**
 * Plays `mv` at the ply shown: the line goes on as before if it is the next
 * move, into the variation that starts with it if there is one, else a new
 * variation starts (the main line when the position had no move yet).
 */
function advance(mv) {
  const at = game.ply ? game.path[game.ply - 1] : game.root;
  if (game.path[game.ply]?.mv === mv) { game.ply += 1; return; }
  let n = at.children.find(c => c.mv === mv);
  if (!n) { n = node(mv, at); at.children.push(n); }
  selectNode(n);
}

async function playMove(mv) {
  if (outOfTime()) return;
  const follow = !!game.analysis;
  stopAnalysis();
  try {
    const s = await api(gamePath(game.spec, 'move'), { start: game.start, moves: shown(), move: mv });
    advance(s.moves.at(-1));
    setState(s);
    showError(null);
    if (follow && $('follow').checked) startAnalysis();
  } catch (e) { showError(e); }
}

// ---- engine -----------------------------------------------------------------

let readEngineParams = () => ({});

function setEngines(engines, presets) {
  const sel = $('engine');
  const names = engines.map(e => e.name).join(',');
  if (sel.dataset.names !== names) {
    sel.dataset.names = names;
    sel.replaceChildren(...engines.map(e => new Option(`${e.name} — ${e.summary}`, e.name)));
    const pick = () => {
      const e = engines.find(e => e.name === sel.value);
      readEngineParams = paramForm($('engine-params'), e ? e.params : [], { sliders: true });
    };
    sel.onchange = () => { pick(); $('strength').value = 'advanced'; };
    // The server marks the engine to offer first (the game's own, else mcts).
    sel.value = (engines.find(e => e.suggested) || engines.at(-1)).name;
    pick();
  }
  const st = $('strength');
  const specs = presets.map(p => `${p.name}=${p.spec}`).join(',');
  if (st.dataset.specs !== specs) {
    st.dataset.specs = specs;
    st.replaceChildren(...presets.map(p => {
      const o = new Option(p.name, p.name, false, p.default);
      o.title = `${p.spec}: ${p.summary}`;
      o.dataset.spec = p.spec;
      return o;
    }), new Option('advanced', 'advanced'));
    st.value = (presets.find(p => p.default) || presets[0]).name;
  }
}

/** The engine spec to play: the strength chosen, or the advanced engine and its parameters. */
function engineSpec() {
  const st = $('strength');
  const o = st.selectedOptions[0];
  if (o && o.dataset.spec) return o.dataset.spec;
  return writeSpec($('engine').value, readEngineParams());
}

function maybeEngineTurn() {
  const s = game.state;
  const side = $('engine-side').value;
  if (side === 'none' || !s || !s.to_move || game.busy || game.ply !== game.line.length) return;
  if (clock.flagged !== null) return;
  if (side === 'both' || s.to_move === s.players[Number(side)]) setTimeout(engineMove, 150);
}

async function engineMove() {
  if (game.busy || !game.state || !game.state.to_move || outOfTime()) return;
  game.busy = true;
  $('thinking').hidden = false;
  $('engine-info').textContent = '';
  // Aborting the request (Stop, undo, another game) makes the server call the engine off.
  const stop = new AbortController();
  game.engineStop = stop;
  const spec = game.spec;
  try {
    const r = await api(gamePath(game.spec, 'engine'),
      { start: game.start, moves: shown(), engine: engineSpec() }, stop.signal);
    if (stop.signal.aborted || spec !== game.spec) return;
    $('engine-info').textContent = `${r.engine}: ${r.move} (${r.seconds.toFixed(2)} s)${r.info ? ' — ' + r.info : ''}`;
    game.busy = false;
    $('thinking').hidden = true;
    advance(r.state.moves.at(-1));
    setState(r.state);
    showError(null);
  } catch (e) {
    if (e.name === 'AbortError') $('engine-info').textContent = 'stopped';
    else showError(e);
  } finally {
    if (game.engineStop === stop) game.engineStop = null;
    game.busy = false;
    $('thinking').hidden = true;
  }
}

// ---- clocks -------------------------------------------------------------------

// Clocks (chosen under Play): each side's time left; from the first move
// played after they are set, the side to move at the line's end runs, and a
// move played there stops its mover's time and adds the increment. Stepping
// back through the game does not stop them.
const clock = { base: 0, inc: 0, left: [0, 0], running: null, since: 0, ply: 0, flagged: null, timer: null };

/** Sets the clocks anew from the menu (and on a new game). */
function resetClock() {
  clearInterval(clock.timer);
  clock.timer = null;
  const v = $('clock').value;
  const [mins, inc] = v === 'none' ? [0, 0] : v.split('+').map(Number);
  Object.assign(clock, { base: mins * 60000, inc: inc * 1000, left: [mins * 60000, mins * 60000],
    running: null, ply: game.line.length, flagged: null });
  $('clocks').hidden = !clock.base;
  followClock();
}

/** After every state: a move at the line's end switches the clocks. */
function followClock() {
  const s = game.state;
  if (!clock.base || clock.flagged !== null || !s) return renderClock();
  // Only the position at the line's end says whose time runs.
  if (game.ply !== game.line.length) return renderClock();
  const now = performance.now();
  // The clocks start with the first move played after they are set.
  if (game.line.length === clock.ply) return renderClock();
  if (clock.running !== null) {
    clock.left[clock.running] += clock.inc - (now - clock.since);
  }
  clock.ply = game.line.length;
  clock.running = s.to_move ? s.players.indexOf(s.to_move) : null;
  clock.since = now;
  if (clock.running !== null && !clock.timer) clock.timer = setInterval(tickClock, 100);
  renderClock();
}

/** The time left of player `p` now. */
const timeLeft = p => clock.left[p] - (clock.running === p ? performance.now() - clock.since : 0);

function tickClock() {
  const p = clock.running;
  if (p === null) { clearInterval(clock.timer); clock.timer = null; return; }
  if (timeLeft(p) <= 0) {
    clock.left[p] = 0;
    clock.flagged = p;
    clock.running = null;
    stopEngine();
    const s = game.state;
    const banner = $('banner');
    banner.hidden = false;
    banner.textContent = `Game over: ${s.players[p]} lost on time`;
  }
  renderClock();
}

function renderClock() {
  if (!clock.base || !game.state) return;
  const show = ms => {
    const t = Math.max(0, ms);
    const m = Math.floor(t / 60000), sec = Math.floor((t % 60000) / 1000);
    return t < 10000 ? `${sec}.${Math.floor((t % 1000) / 100)}` : `${m}:${String(sec).padStart(2, '0')}`;
  };
  for (const p of [0, 1]) {
    const box = $(`clock-${p}`);
    const text = `${game.state.players[p]} ${show(timeLeft(p))}`;
    if (box.textContent !== text) box.textContent = text;
    box.className = clock.flagged === p ? 'flagged' : clock.running === p ? 'running' : '';
  }
}

/** Whether a player's time has run out: no more moves then. */
function outOfTime() {
  if (clock.flagged === null) return false;
  showError(`${game.state.players[clock.flagged]} lost on time: choose the clock again or start a new game`);
  return true;
}

/** Calls off the engine's move in progress, if any. */
function stopEngine() {
  if (game.engineStop) { game.engineStop.abort(); game.engineStop = null; }
}

// ---- analysis ---------------------------------------------------------------

function stopAnalysis() {
  if (game.analysis) { game.analysis.abort(); game.analysis = null; }
  $('analyse').textContent = 'Analyse';
}

/**
 * Analyses the position shown: the server streams each move's value; the
 * board, table, bar and graph are redrawn at most every 150 ms however fast
 * the values come (a 19×19 board gets hundreds a second).
 */
async function startAnalysis() {
  if (game.analysis) return stopAnalysis();
  const s = game.state;
  if (!s) return;
  if (!s.to_move) {
    $('analysis-progress').textContent = `nothing to analyse: the game is over (${s.result})`;
    return;
  }
  const ctrl = new AbortController();
  game.analysis = ctrl;
  const key = keyAt(game.ply);
  const entry = { unit: null, scores: new Map(), best: [], done: false, complete: false,
    cells: s.board.cells.length, ply: s.ply, mover: s.players.indexOf(s.to_move) };
  game.cache.set(key, entry);
  $('analyse').textContent = 'Stop';
  $('analysis-progress').textContent = 'thinking…';
  const think = 1000 * Math.max(1, Math.min(60, Number($('think').value) || 5));
  try {
    const r = await fetch(gamePath(game.spec, 'analyse'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ start: game.start, moves: shown(), think_ms: think }),
      signal: ctrl.signal,
    });
    if (!r.ok) {
      const j = await r.json().catch(() => ({}));
      throw new Error(j.error || `HTTP ${r.status}`);
    }
    await readEvents(r.body, (name, d) => {
      if (game.analysis !== ctrl) return;
      if (name === 'start') { entry.unit = d.unit; $('analysis-about').textContent = d.about; }
      else if (name === 'progress') $('analysis-progress').textContent = d.text;
      else if (name === 'move') { entry.scores.set(d.move, d); scheduleRender(); }
      else if (name === 'done') {
        entry.best = d.best; entry.done = true; entry.complete = d.complete;
        $('analysis-progress').textContent =
          `done in ${d.seconds.toFixed(1)} s${d.complete ? '' : ' (cut short)'}; best: ${d.best.join(' ')}`;
        renderAnalysis();
      } else if (name === 'error') throw new Error(d.error);
    });
    if (!entry.done && game.analysis === ctrl) $('analysis-progress').textContent = 'the analysis ended early';
  } catch (e) {
    if (e.name !== 'AbortError' && game.analysis === ctrl) {
      $('analysis-progress').textContent = `no analysis: ${e.message}`;
      showError(e);
    }
  } finally {
    if (game.analysis === ctrl) { game.analysis = null; $('analyse').textContent = 'Analyse'; }
  }
}

let renderTimer = null, lastRender = 0;

/** Redraws the analysis soon: at most once every 150 ms. */
function scheduleRender() {
  if (renderTimer) return;
  const wait = Math.max(0, 150 - (performance.now() - lastRender));
  renderTimer = setTimeout(() => {
    renderTimer = null;
    requestAnimationFrame(renderAnalysis);
  }, wait);
}

/**
 * The cells of a line of moves from the position shown, each with its mover:
 * the first move's from the legal moves, the others read from the cell names
 * (`e5`, or a step `a2a3` as two names); moves that name no cell are skipped.
 */
function lineMarks(line) {
  const s = game.state;
  const byName = new Map(s.board.cells.map((c, i) => [c.name.toLowerCase(), i]));
  const cellsOf = (mv, k) => {
    if (k === 0) { const m = s.legal.find(m => m.mv === mv); if (m) return m.cells; }
    const t = mv.toLowerCase();
    if (byName.has(t)) return [byName.get(t)];
    for (let i = 1; i < t.length; i++) {
      if (byName.has(t.slice(0, i)) && byName.has(t.slice(i))) return [byName.get(t.slice(0, i)), byName.get(t.slice(i))];
    }
    return [];
  };
  const first = Math.max(0, s.players.indexOf(s.to_move));
  return line.map((mv, k) => ({ cells: cellsOf(mv, k), mover: (first + k) % 2 }));
}

/** The value of a position from its analysis: the first player's share in [0, 1], and words. */
function positionValue(entry) {
  if (!entry || !entry.scores.size || !entry.unit) return null;
  const best = bestMoves(entry.scores)[0];
  const d = describeScore(entry.scores.get(best), entry);
  const first = entry.mover === 0 ? d.value : 1 - d.value;
  return { first, d, best };
}

/** The marks on the board, the table, the evaluation bar and the graph for the position shown. */
function renderAnalysis() {
  lastRender = performance.now();
  const s = game.state;
  if (!s) return;
  const entry = game.cache.get(keyAt(game.ply));
  const svg = $('board');
  const rows = [];
  const labels = new Map(), columnLabels = new Map();
  const best = [];
  if (entry && entry.unit) {
    const byMove = new Map(s.legal.map(m => [m.mv, m]));
    const top = new Set(entry.done ? entry.best : bestMoves(entry.scores));
    // Estimates on a big board: only the best few get a number on the board
    // (the table lists them all); exact values go on every move.
    const ranked = [...entry.scores.values()].sort((a, b) => b.score - a.score);
    const exact = ranked.length && ranked.every(m => m.exact);
    const floor = exact || ranked.length <= 12 ? -Infinity : ranked[Math.min(7, ranked.length - 1)].score;
    for (const [mv, m] of entry.scores) {
      const d = describeScore(m, entry);
      rows.push({ mv, m, d, best: top.has(mv) });
      const lm = byMove.get(mv);
      if (!lm || !lm.cells.length || m.score < floor) continue;
      // With a piece selected, only its moves; else the best move to each cell.
      if (game.selected !== null && lm.cells[0] !== game.selected) continue;
      const cell = lm.cells.at(-1);
      const col = s.board.cells[cell].col;
      const label = { text: d.short, tone: d.tone, score: m.score, mv };
      if (!labels.has(cell) || labels.get(cell).score < m.score) labels.set(cell, label);
      if (!columnLabels.has(col) || columnLabels.get(col).score < m.score) columnLabels.set(col, label);
      if (top.has(mv)) best.push(lm.cells);
    }
  }
  const columns = s.board.shape.kind === 'columns';
  game.boardLabels = columns
    ? new Map(s.board.cells.map((c, i) => [i, columnLabels.get(c.col)]).filter(([, l]) => l))
    : labels;
  // Steps (from and to) are drawn as arrows for the best moves; cell labels stay for placements.
  // A row under the pointer (or focus) previews its line on the board.
  const hovered = game.preview && entry && entry.scores.get(game.preview);
  const line = hovered ? lineMarks(hovered.line || [game.preview]) : [];
  drawMarks(svg, s, { labels: columns ? new Map() : labels, columnLabels, best: hovered ? [] : best.slice(0, 3), line });
  rows.sort((a, b) => b.m.score - a.m.score);
  const limit = game.showAll ? rows.length : 8;
  analysisRows(rows.slice(0, limit));
  const more = $('analysis-more');
  more.hidden = rows.length <= 8;
  more.textContent = game.showAll ? 'show the best 8' : `show all ${rows.length} moves`;
  evalBar(positionValue(entry));
  graph();
}

/**
 * The table's rows, one per move, kept from one redraw to the next (only
 * their text and order change), so a row under the pointer stays the same
 * element while values stream in: a click on it lands, and its preview stays.
 */
const rowsByMove = new Map();
function analysisRows(rows) {
  const table = $('analysis');
  const want = rows.map(r => {
    let row = rowsByMove.get(r.mv);
    // A move's row is the same element in every position (its handlers read
    // only the move's text, the same wherever it is played).
    if (!row) {
      const tr = document.createElement('tr');
      const a = document.createElement('td');
      const b = document.createElement('button'); b.className = 'link'; b.textContent = r.mv;
      b.title = `play ${r.mv}`;
      b.addEventListener('click', () => playMove(r.mv));
      a.append(b);
      const v = document.createElement('td');
      const l = document.createElement('td'); l.className = 'pv';
      tr.append(a, v, l);
      const show = on => () => { game.preview = on ? r.mv : null; renderAnalysis(); };
      tr.addEventListener('mouseenter', show(true));
      tr.addEventListener('mouseleave', show(false));
      b.addEventListener('focus', show(true));
      b.addEventListener('blur', show(false));
      row = { tr, v, l };
      rowsByMove.set(r.mv, row);
    }
    const set = (el, prop, value) => { if (el[prop] !== value) el[prop] = value; };
    set(row.tr, 'className', r.best ? 'best' : '');
    set(row.v, 'textContent', r.d.text);
    set(row.v, 'className', `tone ${r.d.tone}`);
    const line = r.m.line && r.m.line.length > 1 ? r.m.line.slice(1, 7).join(' ') + (r.m.line.length > 7 ? ' …' : '') : '';
    set(row.l, 'textContent', line);
    return row.tr;
  });
  const now = [...table.children];
  if (now.length !== want.length || now.some((tr, i) => tr !== want[i])) table.replaceChildren(...want);
}

/** The bar beside the board: the first player's share, white for the second from the top. */
function evalBar(v) {
  const bar = $('evalbar');
  if (!v) { bar.hidden = true; $('evalwords').textContent = ''; return; }
  bar.hidden = false;
  const pct = Math.round(100 * v.first);
  const fill = bar.querySelector('.fill');
  fill.style.height = `${pct}%`;
  fill.className = `fill ${(game.state.board.pieces || ['black'])[0]}`;
  bar.setAttribute('aria-valuenow', String(pct));
  const s = game.state;
  const mover = s.to_move;
  const unit = game.cache.get(keyAt(game.ply))?.unit;
  const words = v.d.words ? `${mover} ${v.d.words}`
    : unit === 'discs' ? `${mover} ${v.d.short} discs`
      : `${mover} ${Math.round(100 * v.d.value)}% to win`;
  bar.querySelector('.evaltext').textContent = v.d.words ? v.d.short : `${pct}`;
  bar.title = `${words} (best: ${v.best})`;
  $('evalwords').textContent = `evaluation: ${words}, best ${v.best}`;
  bar.setAttribute('aria-valuetext', words);
}

/** The evaluation over the game, from every position analysed on this line; a click jumps there. */
function graph() {
  const svg = $('graph');
  const n = game.line.length;
  const pts = [];
  for (let k = 0; k <= n; k++) {
    const v = positionValue(game.cache.get(keyAt(k)));
    if (v) pts.push([k, v.first]);
  }
  // An SVG element has no `hidden` property: the attribute itself.
  if (pts.length < 1 || n < 1) { svg.setAttribute('hidden', ''); return; }
  svg.removeAttribute('hidden');
  const W = Math.max(100, Math.round(svg.clientWidth || 300)), H = 60;
  const x = k => (k / n) * W, y = v => H - v * H;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const NS = 'http://www.w3.org/2000/svg';
  const mk = (name, attrs) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    svg.append(e);
    return e;
  };
  svg.replaceChildren();
  mk('rect', { x: 0, y: 0, width: W, height: H, class: 'graph-bg' });
  mk('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'graph-mid' });
  mk('polyline', { points: pts.map(([k, v]) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(' '), class: 'graph-line' });
  for (const [k, v] of pts) mk('circle', { cx: x(k), cy: y(v), r: 2.5, class: 'graph-pt' });
  mk('line', { x1: x(game.ply), y1: 0, x2: x(game.ply), y2: H, class: 'graph-now' });
  svg.onclick = e => {
    const r = svg.getBoundingClientRect();
    goTo(Math.round(((e.clientX - r.left) / r.width) * n));
  };
}

// ---- wiring -----------------------------------------------------------------

function wire() {
  window.addEventListener('unhandledrejection', e => showError(e.reason));
  $('first').onclick = () => goTo(0);
  $('undo').onclick = () => goTo(game.ply - 1);
  $('redo').onclick = () => goTo(game.ply + 1);
  $('last').onclick = () => goTo(game.line.length);
  $('restart').onclick = () => { setLine([]); refresh().then(resetClock); };
  $('clock').onchange = resetClock;
  $('promote').onclick = promote;
  $('delete-line').onclick = deleteLine;
  $('hints').onchange = draw;
  $('area-toggle').onchange = () => showArea();
  $('move-go').onclick = () => { const v = $('move-input').value.trim(); if (v) playMove(v); };
  $('move-input').onkeydown = e => { if (e.key === 'Enter') $('move-go').click(); };
  $('engine-go').onclick = engineMove;
  $('engine-stop').onclick = stopEngine;
  $('engine-side').onchange = maybeEngineTurn;
  $('analyse').onclick = startAnalysis;
  $('analysis-more').onclick = () => { game.showAll = !game.showAll; renderAnalysis(); };
  // Rows are drawn anew while values stream in: leaving the table ends any preview.
  $('analysis').addEventListener('mouseleave', () => { game.preview = null; renderAnalysis(); });
  $('moves-copy').onclick = copyRecord;
  $('moves-load').onclick = loadRecord;
  $('position-set').onclick = () => {
    const prev = game.start;
    game.start = $('position').value;
    setLine([]);
    refresh().then(s => { if (!s) game.start = prev; });
  };
  // ← → Home End step through the game, ↑ ↓ switch variations, unless a box has the keys.
  document.addEventListener('keydown', e => {
    if ($('play').hidden || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.closest('input, textarea, select') || t.isContentEditable)) return;
    const turn = { ArrowUp: -1, ArrowDown: 1 }[e.key];
    if (turn !== undefined) {
      if (switchVariation(turn)) e.preventDefault();
      return;
    }
    const to = { ArrowLeft: game.ply - 1, ArrowRight: game.ply + 1, Home: 0, End: game.line.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    goTo(to);
  });
  // The wheel over the board steps too (down: forward).
  $('board').addEventListener('wheel', e => {
    const to = game.ply + (e.deltaY > 0 ? 1 : -1);
    if (to < 0 || to > game.line.length || e.deltaY === 0) return;
    e.preventDefault();
    goTo(to);
  }, { passive: false });
  // A value on the board previews its move's line while the pointer is over
  // it, as its row in the table does.
  const previewFromBoard = mv => {
    if ((game.preview ?? null) === (mv ?? null)) return;
    game.preview = mv ?? null;
    renderAnalysis();
  };
  $('board').addEventListener('pointerover', e => {
    const g = e.target.closest && e.target.closest('g.cell');
    previewFromBoard(g ? game.boardLabels?.get(Number(g.dataset.index))?.mv : null);
  });
  $('board').addEventListener('pointerleave', () => previewFromBoard(null));
  window.addEventListener('hashchange', () => route().catch(showError));
}

/**
 * `#spec`, or `#spec?moves=4453&ply=3&start=…&analyse` (a link to a position;
 * the moves are read as pasted text: run together, or separated by commas or
 * spaces).
 */
async function route() {
  const raw = location.hash.slice(1);
  const at = raw.indexOf('?');
  let spec = decodeURIComponent(at < 0 ? raw : raw.slice(0, at));
  let query = at < 0 ? '' : raw.slice(at + 1);
  // An older link encoded the whole hash, query included.
  if (at < 0 && spec.includes('?')) [spec, query] = [spec.slice(0, spec.indexOf('?')), spec.slice(spec.indexOf('?') + 1)];
  if (!spec) return showStart();
  if (spec.startsWith('puzzles/')) return showPuzzle(spec.slice('puzzles/'.length), showError);
  const q = new URLSearchParams(query);
  const saved = readSavedTree();
  await showGame(spec);
  if (q.has('start')) game.start = q.get('start');
  if (q.has('moves') || q.has('start')) {
    setLine([]);
    const s = await refresh({ text: q.get('moves') || '' });
    if (s) {
      const kept = storedTree(saved, s.moves);
      if (kept) {
        game.root = kept.root;
        selectNode(kept.at);
        moveList();
      } else {
        setLine(s.moves);
      }
      const ply = q.has('ply') ? Number(q.get('ply')) : s.moves.length;
      if (Number.isInteger(ply) && ply >= 0 && ply < game.line.length) { game.ply = ply; await refresh(); }
    }
  }
  if (q.has('analyse')) startAnalysis();
}
wire();
route().catch(showError);
