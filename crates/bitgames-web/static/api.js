// Talking to the server: every game rule lives there.

/**
 * GET (no body) or POST (JSON body) an API path; throws Error(message) on a 4xx/5xx.
 * An AbortSignal aborts the request: the server then calls the work off.
 */
export async function api(path, body, signal) {
  const init = body === undefined ? { signal } : {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  };
  const r = await fetch(path, init);
  const j = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) throw new Error(j.error || `HTTP ${r.status}`);
  return j;
}

/** `/api/<spec>/<what>`, the spec encoded as one path segment. */
export function gamePath(spec, what) {
  return `/api/${encodeURIComponent(spec)}/${what}`;
}

/** A spec from a name and a `{param: value}` object: `connect4(width=7,height=6)`. */
export function writeSpec(name, values) {
  const pairs = Object.entries(values).map(([k, v]) => `${k}=${v}`);
  return pairs.length ? `${name}(${pairs.join(',')})` : name;
}
