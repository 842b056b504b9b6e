// The page: a start page listing the games (forms built from each game's
// parameter list) and a board page. The page keeps the game (spec, start
// position, moves) and asks the server for everything else.

import { api, gamePath, writeSpec } from './api.js';
import { drawBoard } from './board.js';
import { showPuzzle } from './puzzles.js';

const $ = id => document.getElementById(id);

// The game on the board page.
const game = {
  spec: null, start: null, moves: [], redo: [], state: null,
  selected: null, analysis: null, scores: new Map(), busy: false, engineStop: null,
};

function showError(e) {
  const box = $('error');
  box.textContent = e ? `error: ${e.message || e}` : '';
  box.hidden = !e;
}

// ---- start page -------------------------------------------------------------

/** A form for a parameter list; returns a function reading `{name: value}`. */
function paramForm(container, params, { sliders = false } = {}) {
  container.replaceChildren();
  const readers = [];
  for (const p of params) {
    const label = document.createElement('label');
    label.title = p.doc;
    let input;
    if (p.kind === 'choice') {
      input = document.createElement('select');
      for (const c of p.choices) input.add(new Option(c, c, false, c === p.default));
    } else {
      input = document.createElement('input');
      if (p.kind === 'bool') { input.type = 'checkbox'; input.checked = p.default; }
      else if (p.kind === 'int' || p.kind === 'float') {
        const small = p.kind === 'int' && p.max - p.min <= 100;
        input.type = sliders && small ? 'range' : 'number';
        input.min = p.min; input.max = p.max; input.value = p.default;
        input.step = p.kind === 'int' ? 1 : 'any';
      } else { input.value = p.default; }
    }
    const out = document.createElement('output');
    const show = () => { out.textContent = input.type === 'range' ? ` ${input.value}` : ''; };
    input.addEventListener('input', show); show();
    label.append(`${p.name} `, input, out);
    container.append(label);
    readers.push(() => [p.name, p.kind === 'bool' ? input.checked : input.value,
      p.kind === 'bool' ? p.default : String(p.default)]);
  }
  // Only the values that differ from the defaults go into the spec.
  return () => Object.fromEntries(readers.map(r => r()).filter(([, v, d]) => String(v) !== String(d))
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
    const h = document.createElement('h2'); h.textContent = g.name;
    const p = document.createElement('p'); p.className = 'small'; p.textContent = g.summary;
    const form = document.createElement('div'); form.className = 'params';
    const read = paramForm(form, g.params);
    const go = document.createElement('button'); go.textContent = 'Play';
    go.addEventListener('click', () => { location.hash = encodeURIComponent(writeSpec(g.name, read())); });
    card.append(h, p, form, go);
    box.append(card);
  }
}

// ---- board page -------------------------------------------------------------

async function showGame(spec) {
  $('start').hidden = true; $('play').hidden = false; $('puzzle').hidden = true;
  Object.assign(game, { spec, start: null, moves: [], redo: [], selected: null, state: null });
  $('moves-note').textContent = '';
  game.engineName = null;
  await refresh();
}

/** Asks the server for the state of the current game and draws it. */
async function refresh(extra = {}) {
  stopAnalysis();
  stopEngine();
  try {
    const s = await api(gamePath(game.spec, 'state'), { start: game.start, moves: game.moves, ...extra });
    setState(s);
    showError(null);
    return s;
  } catch (e) { showError(e); return null; }
}

/**
 * Loads the move box: a move list or a whole record in the game's notation
 * (the server reads it). A record may bring its own start and board size.
 */
async function loadRecord() {
  const prev = { moves: game.moves, redo: game.redo };
  game.moves = []; game.redo = [];
  const s = await refresh({ record: $('moves').value });
  if (!s) { Object.assign(game, prev); return; }
  game.start = s.start;
  $('moves-note').textContent = `loaded: ${s.moves.length} moves`;
  // The record may name another board: the link follows it.
  history.replaceState(null, '', `#${encodeURIComponent(s.game)}`);
}

/** Copies the game in the notation chosen (to the clipboard, or into the box). */
async function copyRecord() {
  const format = $('record-format').value;
  const r = (game.state?.records || []).find(r => r.format === format);
  if (!r) return;
  try {
    await navigator.clipboard.writeText(r.text);
    $('moves-note').textContent = `copied as ${format} (${r.text.length} characters)`;
  } catch {
    // No clipboard (an insecure page, a refusal): the text in the box, selected.
    $('moves').value = r.text;
    $('moves').select();
    $('moves-note').textContent = `the ${format} record is in the box: copy it from there`;
  }
}

function setState(s) {
  game.state = s;
  game.spec = s.game;
  game.moves = s.moves.slice();
  game.selected = null;
  game.scores = new Map();
  $('title').textContent = s.game;
  $('moves').value = s.moves.join(' ');
  const formats = s.records.map(r => r.format);
  const sel = $('record-format');
  if (sel.dataset.formats !== formats.join(',')) {
    sel.dataset.formats = formats.join(',');
    sel.replaceChildren(...formats.map(f => new Option(f, f)));
  }
  $('position').value = s.position;
  $('picture').textContent = s.picture;
  $('analysis').replaceChildren();
  $('analysis-about').textContent = s.analysis;
  $('analysis-progress').textContent = '';
  const turn = s.to_move ? `${s.to_move} to move` : s.result;
  $('status').textContent = `${turn} · move ${s.ply}`;
  if (s.to_move) $('status').prepend(stoneIcon(s.players.indexOf(s.to_move), s.board.shape.kind));
  setEngines(s.engines);
  otherMoves();
  draw();
  maybeEngineTurn();
}

/** A small stone of player `i` (0 first) in the board's colours. */
function stoneIcon(i, kind) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '-0.5 -0.5 1 1');
  svg.setAttribute('class', 'icon');
  const c = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
  c.setAttribute('r', '0.42');
  c.setAttribute('class', `stone ${i ? 'second' : 'first'}${kind === 'columns' ? ' c4' : ''}`);
  svg.append(c);
  return svg;
}

function draw() {
  const s = game.state;
  const labels = new Map(), columnLabels = new Map();
  for (const m of s.legal) {
    const v = game.scores.get(m.mv);
    if (v === undefined || !m.cells.length) continue;
    const cell = m.cells[m.cells.length - 1];
    labels.set(cell, v.short);
    columnLabels.set(s.board.cells[cell].col, v.short);
  }
  const targets = new Set();
  if (game.selected !== null) {
    for (const m of s.legal) if (m.cells[0] === game.selected && m.cells.length > 1) targets.add(m.cells.at(-1));
  }
  const columns = s.board.shape.kind === 'columns';
  drawBoard($('board'), s, {
    hints: $('hints').checked, selected: game.selected, targets,
    labels: columns ? new Map() : labels, columnLabels, onCell: clickCell,
  });
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

async function playMove(mv) {
  try {
    const s = await api(gamePath(game.spec, 'move'), { start: game.start, moves: game.moves, move: mv });
    game.redo = [];
    setState(s);
    showError(null);
  } catch (e) { showError(e); }
}

// ---- engine -----------------------------------------------------------------

let readEngineParams = () => ({});

function setEngines(engines) {
  const sel = $('engine');
  const names = engines.map(e => e.name).join(',');
  if (sel.dataset.names === names) return;
  sel.dataset.names = names;
  sel.replaceChildren(...engines.map(e => new Option(`${e.name} — ${e.summary}`, e.name)));
  const pick = () => {
    const e = engines.find(e => e.name === sel.value);
    readEngineParams = paramForm($('engine-params'), e ? e.params : [], { sliders: true });
  };
  sel.onchange = pick;
  // The server marks the engine to offer first (the game's own, else mcts).
  sel.value = (engines.find(e => e.suggested) || engines.at(-1)).name;
  pick();
}

function engineSpec() {
  return writeSpec($('engine').value, readEngineParams());
}

function maybeEngineTurn() {
  const s = game.state;
  const side = $('engine-side').value;
  if (side === 'none' || !s.to_move || game.busy) return;
  if (s.to_move === s.players[Number(side)]) setTimeout(engineMove, 150);
}

async function engineMove() {
  if (game.busy || !game.state.to_move) return;
  game.busy = true;
  $('thinking').hidden = false;
  $('engine-info').textContent = '';
  // Aborting the request (Stop, undo, another game) makes the server call the engine off.
  const stop = new AbortController();
  game.engineStop = stop;
  try {
    const r = await api(gamePath(game.spec, 'engine'),
      { start: game.start, moves: game.moves, engine: engineSpec() }, stop.signal);
    if (stop.signal.aborted) return;
    $('engine-info').textContent = `${r.engine}: ${r.move} (${r.seconds.toFixed(2)} s)${r.info ? ' — ' + r.info : ''}`;
    game.redo = [];
    game.busy = false;
    $('thinking').hidden = true;
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

/** Calls off the engine's move in progress, if any. */
function stopEngine() {
  if (game.engineStop) { game.engineStop.abort(); game.engineStop = null; }
}

// ---- analysis ---------------------------------------------------------------

function stopAnalysis() {
  if (game.analysis) { game.analysis.close(); game.analysis = null; }
  $('analyse').textContent = 'Analyse';
}

function startAnalysis() {
  if (game.analysis) return stopAnalysis();
  const q = new URLSearchParams({ moves: game.moves.join(' '), think_ms: String(1000 * Number($('think').value || 5)) });
  if (game.start !== null) q.set('start', game.start);
  const es = new EventSource(`${gamePath(game.spec, 'analyse')}?${q}`);
  game.analysis = es;
  game.scores = new Map();
  $('analyse').textContent = 'Stop';
  $('analysis-progress').textContent = 'thinking…';
  const data = e => JSON.parse(e.data);
  es.addEventListener('start', e => { $('analysis-about').textContent = data(e).about; });
  es.addEventListener('progress', e => { $('analysis-progress').textContent = data(e).text; });
  es.addEventListener('move', e => {
    const m = data(e);
    const short = m.exact || Math.abs(m.score) >= 10 ? String(Math.round(m.score)) : m.score.toFixed(1);
    game.scores.set(m.move, { score: m.score, text: m.text, short });
    analysisTable();
    draw();
  });
  es.addEventListener('done', e => {
    const d = data(e);
    $('analysis-progress').textContent =
      `done in ${d.seconds.toFixed(1)} s${d.complete ? '' : ' (cut short)'}; best: ${d.best.join(' ')}`;
    analysisTable(new Set(d.best));
    stopAnalysis();
  });
  es.addEventListener('error', e => {
    if (e.data) showError(new Error(data(e).error));
    stopAnalysis();
  });
}

function analysisTable(best = new Set()) {
  const rows = [...game.scores].sort((a, b) => b[1].score - a[1].score);
  $('analysis').replaceChildren(...rows.map(([mv, v]) => {
    const tr = document.createElement('tr');
    if (best.has(mv)) tr.className = 'best';
    const a = document.createElement('td'); a.textContent = mv;
    const b = document.createElement('td'); b.textContent = v.text;
    tr.append(a, b);
    return tr;
  }));
}

// ---- wiring -----------------------------------------------------------------

function wire() {
  window.addEventListener('unhandledrejection', e => showError(e.reason));
  $('undo').onclick = () => { if (game.moves.length) { game.redo.push(game.moves.pop()); refresh(); } };
  $('redo').onclick = () => { if (game.redo.length) { game.moves.push(game.redo.pop()); refresh(); } };
  $('restart').onclick = () => { game.moves = []; game.redo = []; refresh(); };
  $('hints').onchange = draw;
  $('move-go').onclick = () => { const v = $('move-input').value.trim(); if (v) playMove(v); };
  $('move-input').onkeydown = e => { if (e.key === 'Enter') $('move-go').click(); };
  $('engine-go').onclick = engineMove;
  $('engine-stop').onclick = stopEngine;
  $('engine-side').onchange = maybeEngineTurn;
  $('analyse').onclick = startAnalysis;
  $('moves-copy').onclick = copyRecord;
  $('moves-load').onclick = loadRecord;
  $('position-set').onclick = () => {
    const prev = game.start;
    game.start = $('position').value;
    game.moves = []; game.redo = [];
    refresh().then(() => { if ($('error').hidden === false) game.start = prev; });
  };
  window.addEventListener('hashchange', () => route().catch(showError));
}

/**
 * `#spec`, or `#spec?moves=4 4 5 3&start=…&analyse` (a link to a position; the
 * moves are read as pasted text).
 */
async function route() {
  const [spec, query] = decodeURIComponent(location.hash.slice(1)).split('?');
  if (!spec) return showStart();
  if (spec.startsWith('puzzles/')) return showPuzzle(spec.slice('puzzles/'.length), showError);
  const q = new URLSearchParams(query || '');
  await showGame(spec);
  if (q.has('start')) game.start = q.get('start');
  if (q.has('moves') || q.has('start')) await refresh({ text: q.get('moves') || '' });
  if (q.has('analyse')) startAnalysis();
}

wire();
route().catch(showError);
