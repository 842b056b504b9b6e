//! `bitgames life`: run a Life pattern from an RLE file on the unbounded plane or
//! a torus, and report population, bounding box and speed.

use crate::common::{check_threads, input_error, si_number};
use anyhow::Result;
use bitgames::puzzles::life::{BoundingBox, Pattern, Plane, Rule, Torus};
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// The largest picture `--show` draws (wider or taller patterns show their
/// top-left window of this size).
const SHOW_MAX: (i64, i64) = (160, 80);

/// Options of `bitgames life`.
#[derive(Args, Debug)]
pub struct LifeArgs {
    /// Pattern in RLE (LifeWiki format); `-` reads standard input.
    pub file: String,
    /// Generations to run.
    #[arg(long, short = 'g', default_value_t = 0)]
    pub generations: u64,
    /// Run on a WxH torus (pattern in the middle) instead of the unbounded plane.
    #[arg(long)]
    pub torus: Option<String>,
    /// Draw the final pattern (or its top-left window when large).
    #[arg(long)]
    pub show: bool,
    /// Threads (1: this thread only; 0: one per core).
    #[arg(long, short, default_value_t = 1)]
    pub threads: usize,
    /// Override the file's rule (B/S notation, e.g. B36/S23).
    #[arg(long)]
    pub rule: Option<String>,
    /// Write the final pattern as RLE to this file.
    #[arg(long)]
    pub write: Option<String>,
}

/// Runs `bitgames life`.
pub fn run(args: &LifeArgs, out: &mut dyn Write) -> Result<()> {
    check_threads(args.threads)?;
    let text = crate::common::read_text(&args.file)?;
    let mut pattern =
        Pattern::from_rle(&text).map_err(|e| input_error(format!("{}: {e}", args.file)))?;
    if let Some(r) = &args.rule {
        pattern.rule = Rule::parse(r).map_err(|e| input_error(e.to_string()))?;
    }
    if let Some(path) = &args.write {
        crate::interrupt::check_output(std::path::Path::new(path))?;
        crate::interrupt::install(format!(
            "the run was not finished; nothing written to '{path}'"
        ))?;
    }
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    };
    writeln!(
        out,
        "pattern: {} ({}x{}, {} cells, rule {})",
        args.file,
        pattern.width,
        pattern.height,
        pattern.cells.len(),
        pattern.rule
    )?;
    let n = args.generations;
    let (population, bbox, secs, updates, final_pattern, picture);
    if let Some(size) = &args.torus {
        let (w, h) = Torus::parse_size(size).map_err(|e| input_error(e.to_string()))?;
        let mut t = Torus::with_pattern(w, h, &pattern).map_err(|e| input_error(e.to_string()))?;
        writeln!(out, "universe: torus {w}x{h}")?;
        let start = Instant::now();
        t.run(n, threads);
        secs = start.elapsed().as_secs_f64();
        updates = (w * h) as f64 * n as f64;
        population = t.population();
        bbox = t.bounding_box();
        let cells: Vec<(i64, i64)> = t.cells().iter().map(|&(x, y)| (x as i64, y as i64)).collect();
        final_pattern = Pattern::from_cells(&cells, t.rule());
        picture = bbox.map(|b| window(b, |x, y| t.get(x as usize, y as usize)));
    } else {
        let mut p = Plane::with_pattern(&pattern).map_err(|e| input_error(e.to_string()))?;
        writeln!(out, "universe: plane (64x64 tiles)")?;
        let start = Instant::now();
        p.run(n, threads);
        secs = start.elapsed().as_secs_f64();
        updates = p.cell_updates() as f64;
        population = p.population();
        bbox = p.bounding_box();
        final_pattern = p.to_pattern();
        picture = bbox.map(|b| window(b, |x, y| p.get(x, y)));
    }
    writeln!(out, "generations: {n}")?;
    writeln!(out, "population: {population}")?;
    match bbox {
        Some(b) => writeln!(out, "bounding box: {b}")?,
        None => writeln!(out, "bounding box: none (no live cells)")?,
    }
    writeln!(out, "time: {secs:.3} s")?;
    let rate = if secs > 0.0 { updates / secs } else { 0.0 };
    writeln!(out, "cell updates/s: {} ({} threads)", si_number(rate), threads)?;
    if args.show {
        match picture {
            Some(pic) => write!(out, "{pic}")?,
            None => writeln!(out, "(empty)")?,
        }
    }
    if let Some(path) = &args.write {
        crate::interrupt::write_final(
            std::path::Path::new(path),
            final_pattern.to_rle().as_bytes(),
        )
        .map_err(|e| input_error(format!("{e:#}")))?;
        writeln!(out, "written: {path}")?;
    }
    Ok(())
}

/// The cells of `b` (or its top-left window of [`SHOW_MAX`]) as rows of `o`/`.`.
fn window(b: BoundingBox, get: impl Fn(i64, i64) -> bool) -> String {
    let x1 = b.x1.min(b.x0 + SHOW_MAX.0 - 1);
    let y1 = b.y1.min(b.y0 + SHOW_MAX.1 - 1);
    let mut s = String::new();
    if (x1, y1) != (b.x1, b.y1) {
        s.push_str(&format!(
            "(top-left {}x{} window of the bounding box)\n",
            x1 - b.x0 + 1,
            y1 - b.y0 + 1
        ));
    }
    for y in b.y0..=y1 {
        s.extend((b.x0..=x1).map(|x| if get(x, y) { 'o' } else { '.' }));
        s.push('\n');
    }
    s
}
