// An analysis as the page sees it: the server's event stream read with fetch
// (so a refusal, such as a finished game's 422, is shown with its message),
// and the moves' scores put into words, colours and a value for the
// evaluation bar. No game is named here: the stream's `start` event says what
// the scores count (`unit`).

/**
 * Reads a `text/event-stream` body, calling `on(name, data)` for each event
 * with JSON data, until the stream ends or `signal` aborts it.
 */
export async function readEvents(body, on) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value.replace(/\r\n?/g, '\n');
    let end;
    while ((end = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      let name = 'message', data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trimStart();
      }
      if (data) on(name, JSON.parse(data));
    }
  }
}

/**
 * A move's score in words for the mover: `short` for the board, `text` for the
 * table, `tone` (win, draw, loss, good, even, bad) for the colour, and `value`,
 * the mover's share in [0, 1] for the evaluation bar.
 * `ctx`: { unit, cells (the board's cell count), ply (plies played) }; units:
 * `pons`, `distance` (a table's plies to the end), `discs`, `percent`.
 */
export function describeScore(m, ctx) {
  const s = m.score;
  if (ctx.unit === 'pons') {
    // Pons: a win with the winner's k-th stone scores cells/2 + 1 − k.
    const half = Math.floor(ctx.cells / 2);
    if (s === 0) return { short: '0', text: 'draw', tone: 'draw', value: 0.5 };
    const k = half + 1 - Math.abs(s);
    const mine = Math.floor(ctx.ply / 2), theirs = Math.ceil(ctx.ply / 2);
    const n = s > 0 ? k - mine : k - theirs;
    const share = 0.8 + 0.2 * Math.min(Math.abs(s), half) / Math.max(half, 1);
    return s > 0
      ? { short: `+${s}`, text: `win in ${n} (+${s})`, tone: 'win', value: share, words: `wins in ${n}` }
      : { short: `${s}`, text: `loss in ${n} (${s})`, tone: 'loss', value: 1 - share, words: `loses in ${n}` };
  }
  if (ctx.unit === 'distance') {
    // A table's exact value: 1000 − d for a win in d plies, d − 1000 for a loss.
    if (s === 0) return { short: '0', text: 'draw', tone: 'draw', value: 0.5 };
    const n = 1000 - Math.abs(s);
    const share = 0.8 + 0.2 * Math.max(0, 1 - n / 100);
    return s > 0
      ? { short: `W${n}`, text: `win in ${n}`, tone: 'win', value: share, words: `wins in ${n}` }
      : n === 0 ? { short: 'L', text: 'lost', tone: 'loss', value: 0, words: 'has lost' }
        : { short: `L${n}`, text: `loss in ${n}`, tone: 'loss', value: 1 - share, words: `loses in ${n}` };
  }
  if (ctx.unit === 'discs') {
    const short = m.exact || Math.abs(s) >= 10 ? String(Math.round(s)) : s.toFixed(1);
    const tone = m.exact ? (s > 0 ? 'win' : s < 0 ? 'loss' : 'draw') : (s > 0.5 ? 'good' : s < -0.5 ? 'bad' : 'even');
    return { short: s > 0 ? `+${short}` : short, text: m.text, tone, value: 0.5 + 0.5 * Math.tanh(s / 12) };
  }
  // percent: the mover's win rate (100 / 50 / 0 when proven).
  const tone = m.exact ? (s >= 100 ? 'win' : s <= 0 ? 'loss' : 'draw') : (s >= 60 ? 'good' : s <= 40 ? 'bad' : 'even');
  return { short: String(Math.round(s)), text: m.text, tone, value: Math.max(0, Math.min(1, s / 100)) };
}

/** The best of a map of move → description: the moves with the top score. */
export function bestMoves(scores) {
  let top = -Infinity;
  for (const v of scores.values()) top = Math.max(top, v.score);
  return [...scores].filter(([, v]) => v.score === top).map(([mv]) => mv);
}
