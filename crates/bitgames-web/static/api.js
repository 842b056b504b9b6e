// Talking to the server: every game rule lives there.

/** GET (no body) or POST (JSON body) an API path; throws Error(message) on a 4xx/5xx. */
export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
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
