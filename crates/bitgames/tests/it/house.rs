//! House rules of the source tree, checked over every crate of the workspace:
//! no import circles between the modules of a crate.
//!
//! A module path is read from every `crate::…`, `super::…` and `self::…` path
//! in each source file (grouped imports `crate::{a, b::c}` included, comments
//! left out) and resolved to the deepest module of the crate that exists; the
//! circles are the strongly connected components (Tarjan 1972) of more than one
//! module. A module and its own ancestors or descendants are not a circle (a
//! parent declares its children, and children use their parent's items).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::internal::REGISTERED;

type Module = Vec<String>;

/// Module path → file, for the files under `src` (binaries under `src/bin`
/// are crates of their own and left out).
fn modules(src: &Path) -> BTreeMap<Module, PathBuf> {
    let mut found = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap().with_extension("");
            let mut segs: Module =
                rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            if matches!(segs.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                segs.pop();
            }
            if segs.first().is_some_and(|s| s == "bin") {
                continue;
            }
            found.insert(segs, path);
        }
    }
    found
}

/// The text without `//` and `/* */` comments (string literals are not
/// parsed: a `//` inside one cuts the line, which only drops text).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |k| &after[k + 2..]);
        } else if rest.starts_with("//") {
            rest = rest.find('\n').map_or("", |k| &rest[k..]);
        } else {
            let ch = rest.chars().next().unwrap();
            out.push(ch);
            rest = &rest[ch.len_utf8()..];
        }
    }
    out
}

/// `a::{b, c::d}` → `a::b`, `a::c::d` (nested braces too).
fn expand(path: &str) -> Vec<String> {
    let Some(open) = path.find('{') else { return vec![path.to_string()] };
    let close = path.rfind('}').unwrap_or(path.len());
    let (head, body) = (&path[..open], &path[open + 1..close]);
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (k, ch) in body.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&body[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&body[start..]);
    parts
        .into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .flat_map(|p| expand(&format!("{head}{p}")))
        .collect()
}

/// Every path starting at `crate`, `super` or `self`, braces expanded.
fn paths_in(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    for key in ["crate::", "super::", "self::"] {
        for (at, _) in text.match_indices(key) {
            let word_start = at == 0 || {
                let b = bytes[at - 1];
                !(b.is_ascii_alphanumeric() || b == b'_')
            };
            // `super::` inside `super::super::` is read from the first one.
            let continues = at >= 2 && &text[at - 2..at] == "::";
            if !word_start || continues {
                continue;
            }
            let (mut k, mut depth) = (at + key.len(), 0);
            while k < bytes.len() {
                let ch = bytes[k];
                if ch == b'{' {
                    depth += 1;
                } else if ch == b'}' {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                } else if depth == 0 && !(ch.is_ascii_alphanumeric() || ch == b'_' || ch == b':') {
                    break;
                }
                k += 1;
            }
            found.extend(expand(&text[at..k]));
        }
    }
    found
}

/// The deepest module `path` names, seen from module `here`.
fn resolve(here: &[String], path: &str, mods: &BTreeMap<Module, PathBuf>) -> Option<Module> {
    let segs: Vec<&str> = path.split("::").map(str::trim).filter(|s| !s.is_empty()).collect();
    let (mut target, mut rest): (Module, &[&str]) = (here.to_vec(), &segs);
    if segs.first() == Some(&"crate") {
        target.clear();
        rest = &segs[1..];
    } else {
        while let Some((first, tail)) = rest.split_first() {
            match *first {
                "super" => {
                    target.pop();
                }
                "self" => {}
                _ => break,
            }
            rest = tail;
        }
    }
    for s in rest {
        let s = s.split(" as ").next().unwrap().trim();
        let mut next = target.clone();
        next.push(s.to_string());
        if !mods.contains_key(&next) {
            break;
        }
        target = next;
    }
    mods.contains_key(&target).then_some(target)
}

fn related(a: &[String], b: &[String]) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

/// The import circles of the crate whose sources are under `src`: each a
/// sorted list of `a::b` module names.
fn circles(src: &Path) -> Vec<Vec<String>> {
    let mods = modules(src);
    let names: Vec<&Module> = mods.keys().collect();
    let index_of: BTreeMap<&Module, usize> =
        names.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let mut edges = vec![BTreeSet::new(); names.len()];
    for (m, file) in &mods {
        let text = strip_comments(&std::fs::read_to_string(file).unwrap());
        for p in paths_in(&text) {
            if let Some(t) = resolve(m, &p, &mods) {
                if t != *m && !related(m, &t) {
                    edges[index_of[m]].insert(index_of[&t]);
                }
            }
        }
    }
    strongly_connected(&edges)
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let mut c: Vec<String> = c.iter().map(|&i| names[i].join("::")).collect();
            c.sort();
            c
        })
        .collect()
}

/// Tarjan's strongly connected components (a module graph is a few hundred
/// nodes: recursion is fine).
fn strongly_connected(edges: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct Walk<'a> {
        edges: &'a [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        out: Vec<Vec<usize>>,
        counter: usize,
    }
    impl Walk<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.counter);
            self.low[v] = self.counter;
            self.counter += 1;
            self.stack.push(v);
            self.on[v] = true;
            for &w in self.edges[v].iter() {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(i) if self.on[w] => self.low[v] = self.low[v].min(i),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut comp = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                self.out.push(comp);
            }
        }
    }
    let n = edges.len();
    let mut walk = Walk {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        out: Vec::new(),
        counter: 0,
    };
    for v in 0..n {
        if walk.index[v].is_none() {
            walk.visit(v);
        }
    }
    walk.out
}

#[test]
fn no_crate_has_an_import_circle() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut report = Vec::new();
    let mut checked = 0;
    for krate in std::fs::read_dir(crates).unwrap() {
        let src = krate.unwrap().path().join("src");
        if !src.is_dir() {
            continue;
        }
        checked += 1;
        for c in circles(&src) {
            report.push(format!("{}: {}", src.display(), c.join(", ")));
        }
    }
    assert!(checked >= 5, "crates with sources under {}", crates.display());
    assert!(report.is_empty(), "import circles:\n{}", report.join("\n"));
}

#[test]
fn the_circle_check_finds_a_circle_and_passes_parents_and_children() {
    let dir = std::env::temp_dir().join(format!("bitgames-house-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("b")).unwrap();
    let write = |name: &str, text: &str| std::fs::write(src.join(name), text).unwrap();
    write("lib.rs", "mod a; mod b; mod c;");
    // a → b::inner (grouped, after a comment naming c) → c → a: one circle.
    write("a.rs", "// use crate::c;\nuse crate::{x, b::{inner::Thing, y}};");
    write("b/mod.rs", "pub mod inner; use self::inner::Thing;");
    write("b/inner.rs", "use super::super::c::f; use super::Parent;");
    write("c.rs", "pub fn f() { crate::a::g() }");
    let found = circles(&src);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, vec![vec!["a".to_string(), "b::inner".into(), "c".into()]]);
}

/// The `pub fn`s of the library's `#[cfg(feature = "internal-tests")]`
/// modules (its unit tests of private items), by name, from the source.
fn internal_test_fns(src: &Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for file in modules(src).values() {
        let text = strip_comments(&std::fs::read_to_string(file).unwrap());
        let mut rest = text.as_str();
        while let Some(at) = rest.find("#[cfg(feature = \"internal-tests\")]") {
            rest = &rest[at + 1..];
            // The item the attribute is on: skip further attributes.
            let item = rest.lines().skip(1).find(|l| !l.trim_start().starts_with("#[")).unwrap();
            let Some(name) = item.trim().strip_prefix("pub mod ") else { continue };
            let body = if let Some(name) = name.strip_suffix(';') {
                // `pub mod tests;`: its own file beside the declaring module's.
                let dir = if file.ends_with("mod.rs") || file.ends_with("lib.rs") {
                    file.parent().unwrap().to_path_buf()
                } else {
                    file.with_extension("")
                };
                strip_comments(&std::fs::read_to_string(dir.join(format!("{name}.rs"))).unwrap())
            } else {
                let open = rest.find('{').unwrap();
                let (mut depth, mut end) = (0, open);
                for (k, ch) in rest[open..].char_indices() {
                    match ch {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        _ => {}
                    }
                    if depth == 0 {
                        end = open + k;
                        break;
                    }
                }
                rest[open..end].to_string()
            };
            for line in body.lines() {
                let Some(sig) = line.trim_start().strip_prefix("pub fn ") else { continue };
                let name: String =
                    sig.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                found.push((file.display().to_string(), name));
            }
        }
    }
    found
}

/// Every unit test of a private item runs: each `pub fn` of an
/// internal-tests module is listed in `tests/it/internal.rs`'s `register!`
/// (read back as `internal::REGISTERED`), so a test written there and not
/// registered fails here instead of never running.
#[test]
fn every_internal_test_is_registered() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tests = internal_test_fns(&root.join("src"));
    assert!(tests.len() > 50, "found only {} internal tests", tests.len());
    let mut counted: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, name) in &tests {
        *counted.entry(name).or_default() += 1;
    }
    let missing: Vec<String> = tests
        .iter()
        .filter(|(_, name)| {
            let registered = REGISTERED.iter().filter(|&&(_, run)| run == name).count();
            registered < counted[name.as_str()]
        })
        .map(|(file, name)| format!("{file}: {name}"))
        .collect();
    assert!(missing.is_empty(), "not called from tests/it/internal.rs:\n{}", missing.join("\n"));
}
