#!/usr/bin/env python3
"""Import circles between the modules of each crate under crates/.

Reads every `crate::…`, `super::…` and `self::…` path in each source file
(grouped imports `crate::{a, b::c}` included), resolves it to the deepest
module of the crate that exists, and prints the circles: groups of modules
that reach one another (strongly connected components of more than one
module). A module and its own ancestors or descendants are not counted as a
circle (a parent declares its children and children use their parent's
items). Exit status 1 if there is a circle, so a check can run it.

    python3 scripts/import-cycles.py            # every crate
    python3 scripts/import-cycles.py crates/bitgames
"""
import os
import re
import sys

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def modules(src):
    """Module path (tuple) -> file, for the files under `src`."""
    found = {}
    for root, _, files in os.walk(src):
        for name in files:
            if not name.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(root, name), src)[:-3].split(os.sep)
            if rel[-1] in ("mod", "lib", "main"):
                rel = rel[:-1]
            # Binaries' folders (src/bin/x.rs) are crates of their own: skip.
            if rel and rel[0] == "bin":
                continue
            found[tuple(rel)] = os.path.join(root, name)
    return found


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def expand(path_text):
    """`a::{b, c::d}` -> ["a::b", "a::c::d"] (nested braces too)."""
    i = path_text.find("{")
    if i < 0:
        return [path_text]
    head, body = path_text[:i], path_text[i + 1 : path_text.rfind("}")]
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(body):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(body[start:k])
            start = k + 1
    parts.append(body[start:])
    out = []
    for p in parts:
        p = p.strip()
        if p:
            out.extend(expand(head + p))
    return out


def paths_in(text):
    """Every path that starts at `crate`, `super` or `self`, braces expanded."""
    found = []
    for m in re.finditer(r"\b(crate|super|self)::", text):
        k = m.end()
        depth = 0
        while k < len(text):
            ch = text[k]
            if ch == "{":
                depth += 1
            elif ch == "}":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and not (ch.isalnum() or ch in "_:"):
                break
            k += 1
        found.extend(expand(text[m.start() : k]))
    return found


def resolve(here, path, mods):
    """The deepest module `path` names, seen from module `here`."""
    segs = [s for s in re.split(r"\s*::\s*", path.strip()) if s]
    base = list(here)
    if segs[0] == "crate":
        base, segs = [], segs[1:]
    else:
        while segs and segs[0] in ("self", "super"):
            if segs[0] == "super":
                base = base[:-1]
            segs = segs[1:]
    target = tuple(base)
    for s in segs:
        s = s.split(" as ")[0].strip()
        if not re.fullmatch(IDENT, s) or tuple(list(target) + [s]) not in mods:
            break
        target = tuple(list(target) + [s])
    return target if target in mods else None


def related(a, b):
    return a[: len(b)] == b or b[: len(a)] == a


def circles(src):
    mods = modules(src)
    edges = {m: set() for m in mods}
    for m, f in mods.items():
        text = strip_comments(open(f, encoding="utf-8").read())
        for p in paths_in(text):
            t = resolve(m, p, mods)
            if t is not None and t != m and not related(m, t):
                edges[m].add(t)
    # Tarjan's strongly connected components.
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(mods):
        if v not in index:
            visit(v)
    return out, edges


def main():
    roots = sys.argv[1:] or sorted(
        os.path.join("crates", c) for c in os.listdir("crates") if os.path.isdir(os.path.join("crates", c, "src"))
    )
    total = 0
    for root in roots:
        found, edges = circles(os.path.join(root, "src"))
        for comp in found:
            total += 1
            names = ["::".join(m) or "(root)" for m in comp]
            print(f"{root}: a circle of {len(comp)} modules: {', '.join(names)}")
            inside = set(comp)
            for m in comp:
                for t in sorted(edges[m] & inside):
                    print(f"    {'::'.join(m) or '(root)'} -> {'::'.join(t) or '(root)'}")
    print(f"{total} circle(s)")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
