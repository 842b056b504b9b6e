//! End to end in headless Chromium, driven over WebDriver (`chromedriver`) by
//! `fantoccini`, against a real server on 127.0.0.1: a whole Connect Four game
//! against the solver played by clicking, its result checked against the
//! library; a pasted SGF record loaded; a finished game's banner and analysis;
//! stepping with the keyboard and the URL round trip; on every game's page the
//! board drawn with the library's number of cells, the default engine moving
//! (Move now, and as a side), an analysis run to the end with the page's
//! longest task at most 200 ms, and no horizontal scrolling on a phone; the
//! puzzle pages working. Screenshots go to `target/e2e-screenshots/`.
//!
//! Skips, saying so, when `chromium` or `chromedriver` is missing (Debian:
//! `apt-get install chromium chromium-driver`), except under CI (`CI` set),
//! where `scripts/ci-deps.sh` installs them and their absence is a failure.

use crate::common;
use bitgames::games::connect4::solver::ConnectFourSolver;
use bitgames::games::connect4::Connect4;
use bitgames::{registry, Outcome, Player};
use common::{on_path, server};
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The Connect Four board of the game played: small enough that the solver
/// answers each move at once.
const C4: &str = "connect4(width=6,height=5)";

/// `chromedriver` on a free port, ended when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts chromedriver and a headless Chromium session.
async fn browser(chromium: &PathBuf, chromedriver: &PathBuf) -> (Driver, Client) {
    let port = free_port();
    let child = Command::new(chromedriver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let driver = Driver { child, url: format!("http://127.0.0.1:{port}") };
    let caps = json!({
        "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,960", "--hide-scrollbars"],
        }
    });
    let caps = caps.as_object().unwrap().clone();
    let start = Instant::now();
    loop {
        let mut builder = ClientBuilder::new(HttpConnector::new());
        match builder.capabilities(caps.clone()).connect(&driver.url).await {
            Ok(client) => return (driver, client),
            Err(e) if start.elapsed() < Duration::from_secs(15) => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("no WebDriver session from {}: {e}", chromedriver.display()),
        }
    }
}

/// Where the screenshots go: `target/e2e-screenshots/`.
fn shots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().join("e2e-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.expect("screenshot");
    std::fs::write(shots().join(format!("{name}.png")), png).unwrap();
}

/// Waits up to 10 s for `f` to give `Some`.
async fn until<T, F, Fut>(what: &str, mut f: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let start = Instant::now();
    loop {
        if let Some(v) = f().await {
            return v;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "waited 10 s for {what}");
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

async fn find(c: &Client, css: &str) -> Element {
    let c2 = c.clone();
    until(css, || {
        let c = c2.clone();
        async move { c.find(Locator::Css(css)).await.ok() }
    })
    .await
}

async fn text(c: &Client, css: &str) -> String {
    find(c, css).await.text().await.unwrap_or_default()
}

/// Waits up to 10 s for the text of `css` to contain `needle`; the text.
async fn text_containing(c: &Client, what: &str, css: &str, needle: &str) -> String {
    until(what, || async {
        let s = text(c, css).await;
        s.contains(needle).then_some(s)
    })
    .await
}

async fn value(c: &Client, css: &str) -> String {
    find(c, css).await.prop("value").await.ok().flatten().unwrap_or_default()
}

/// The number of drawn cells of the board, once it has `want` (or 10 s).
async fn cells_drawn(c: &Client, want: usize) -> usize {
    let start = Instant::now();
    loop {
        let n = c.find_all(Locator::Css("svg#board g.cell")).await.map_or(0, |v| v.len());
        if n == want || start.elapsed() > Duration::from_secs(10) {
            return n;
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// The moves in the page's move box.
async fn moves(c: &Client) -> Vec<String> {
    value(c, "#moves").await.split_whitespace().map(str::to_string).collect()
}

/// Sets a parameter of a start-page card: the input in the label naming it.
async fn set_param(c: &Client, game: &str, param: &str, v: &str) {
    let labels =
        c.find_all(Locator::Css(&format!(".card[data-game='{game}'] label"))).await.unwrap();
    for l in labels {
        if l.text().await.unwrap().trim_start().starts_with(param) {
            let input = l.find(Locator::Css("input")).await.unwrap();
            input.clear().await.unwrap();
            input.send_keys(v).await.unwrap();
            return;
        }
    }
    panic!("{game} has no parameter {param} on the start page");
}

/// From the start page: Connect Four 6×5 against the solver (which plays
/// second), the test clicking the leftmost open column each turn until the
/// game ends; the page's result is the library's.
async fn play_connect4(c: &Client, base: &str) {
    c.goto(base).await.unwrap();
    find(c, ".card[data-game='connect4'] button").await;
    screenshot(c, "start").await;
    set_param(c, "connect4", "width", "6").await;
    set_param(c, "connect4", "height", "5").await;
    find(c, ".card[data-game='connect4'] button").await.click().await.unwrap();
    assert_eq!(cells_drawn(c, 30).await, 30, "the 6×5 board");
    assert!(text(c, "#title").await.contains("width=6"), "the page plays the board chosen");
    find(c, "#strength").await.select_by_value("perfect").await.unwrap();
    find(c, "#engine-side").await.select_by_value("1").await.unwrap();

    let mut game = registry::new_game(C4).unwrap();
    let view = game.board();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let played = moves(c).await;
        // Replay the page's moves in the library.
        game = registry::new_game(C4).unwrap();
        for m in &played {
            game.play_text(m).unwrap();
        }
        if game.outcome().is_some() {
            break;
        }
        assert!(Instant::now() < deadline, "the game did not end: {played:?}");
        let thinking = find(c, "#thinking").await.attr("hidden").await.unwrap().is_none();
        if game.side_to_move() != Player::First || thinking {
            tokio::time::sleep(Duration::from_millis(40)).await;
            continue;
        }
        // The leftmost column with room: click its top cell.
        let mv = game.legal_moves().into_iter().min_by_key(|m| m.parse::<u32>().unwrap()).unwrap();
        let col = mv.parse::<usize>().unwrap() - 1;
        let cell = view.cells.iter().rposition(|cell| cell.col == col).unwrap();
        find(c, &format!("svg#board g.cell[data-index='{cell}']")).await.click().await.unwrap();
        // Wait for the click's move and the solver's answer (or the end).
        let before = played.len();
        let c2 = c.clone();
        until("the move and the engine's answer", || {
            let c = c2.clone();
            async move {
                let now = moves(&c).await;
                let over = !text(&c, "#status").await.contains(" to move");
                (now.len() >= before + 2 || (over && now.len() > before)).then_some(())
            }
        })
        .await;
    }
    let outcome = game.outcome().unwrap();
    let want = game.describe_outcome(outcome);
    let status = until("the result shown", || async {
        let s = text(c, "#status").await;
        (!s.contains(" to move")).then_some(s)
    })
    .await;
    screenshot(c, "connect4-game").await;
    assert!(status.starts_with(&want), "page shows '{status}', the library says '{want}'");
    // The solver plays perfectly: the first player cannot win unless the empty
    // board is a first-player win.
    let start = registry::new_game(C4).unwrap();
    let g = start.as_any().downcast_ref::<Connect4>().unwrap();
    let (_, score) = ConnectFourSolver::for_game(g, 16).best_moves(g).unwrap();
    if score <= 0 {
        assert_ne!(outcome, Outcome::WonBy(Player::First), "the solver lost: {}", game.position());
    }
    eprintln!("connect4 6x5 vs solver: {} after {} moves: {want}", status, game.ply());
}

/// The games the page tests: every registered game at its default size, and
/// the largest board the issue found freezing (Go 19×19).
fn specs() -> Vec<String> {
    let mut v: Vec<String> = registry::games().iter().map(|g| g.name.to_string()).collect();
    v.push("go(size=19)".to_string());
    v
}

/// Runs `script` (a function body) in the page and gives its value.
async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
}

/// Starts counting the page's long tasks (over 50 ms, as Chromium reports them).
async fn watch_long_tasks(c: &Client) {
    js(
        c,
        "window.__long = []; new PerformanceObserver(l => { for (const e of l.getEntries()) \
         window.__long.push(e.duration); }).observe({ entryTypes: ['longtask'] }); return 0;",
    )
    .await;
}

/// The longest task since [`watch_long_tasks`], in milliseconds.
async fn longest_task(c: &Client) -> f64 {
    js(c, "return Math.max(0, ...(window.__long || []));").await.as_f64().unwrap_or(0.0)
}

/// Waits up to `secs` for the page's move box to hold `n` moves; they must be
/// legal in the library, replayed from the start of `spec`.
async fn wait_moves(c: &Client, spec: &str, n: usize, secs: u64) -> Vec<String> {
    let start = Instant::now();
    loop {
        let now = moves(c).await;
        if now.len() >= n {
            let mut g = registry::new_game(spec).unwrap();
            for m in &now {
                g.play_text(m).unwrap_or_else(|e| panic!("{spec}: the page played {m}: {e}"));
            }
            return now;
        }
        let err = text(c, "#error").await;
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "{spec}: waited {secs} s for {n} moves, the page has {now:?}; error box: '{err}'"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Every game's page, loaded fresh: the board has the library's cell count;
/// the default engine (the strength the page starts on) moves when **Move now**
/// is pressed and answers a move when it plays a side; a 1 s analysis runs to
/// "done" with the evaluation bar and graph drawn, and no task of the page
/// takes longer than 200 ms meanwhile (the page redraws what the stream sends
/// at most every 150 ms, whatever the board's size).
async fn every_game(c: &Client, base: &str) {
    let mut boards_previewed = 0;
    let mut areas = 0;
    for spec in specs() {
        let want = registry::new_game(&spec).unwrap().board().cells.len();
        c.goto(&format!("{base}?fresh={}#{}", spec.len(), spec)).await.unwrap();
        let got = cells_drawn(c, want).await;
        assert_eq!(got, want, "{spec}: {got} cells drawn, the library has {want}");
        let drawn = find(c, "svg#board").await.attr("data-cells").await.unwrap();
        assert_eq!(drawn, Some(want.to_string()), "{spec}");
        screenshot(c, &format!("game-{spec}")).await;

        // Move now: the default strength plays the first move.
        find(c, "#engine-go").await.click().await.unwrap();
        wait_moves(c, &spec, 1, 30).await;
        // The engine plays first: the test answers, the engine replies.
        find(c, "#engine-side").await.select_by_value("0").await.unwrap();
        let played = wait_moves(c, &spec, 1, 5).await;
        let mut g = registry::new_game(&spec).unwrap();
        for m in &played {
            g.play_text(m).unwrap();
        }
        let reply = g.legal_moves().into_iter().next().expect("a move after one ply");
        let input = find(c, "#move-input").await;
        input.clear().await.unwrap();
        input.send_keys(&reply).await.unwrap();
        find(c, "#move-go").await.click().await.unwrap();
        let three = wait_moves(c, &spec, 3, 30).await;
        assert_eq!(three[1], reply, "{spec}: the move typed");
        find(c, "#engine-side").await.select_by_value("none").await.unwrap();

        // A 1 s analysis, the page's longest task measured meanwhile.
        let think = find(c, "#think").await;
        think.clear().await.unwrap();
        think.send_keys("1").await.unwrap();
        watch_long_tasks(c).await;
        find(c, "#analyse").await.click().await.unwrap();
        let start = Instant::now();
        let progress = loop {
            let p = text(c, "#analysis-progress").await;
            if p.starts_with("done") || p.starts_with("no analysis") {
                break p;
            }
            assert!(start.elapsed() < Duration::from_secs(30), "{spec}: analysis: '{p}'");
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        assert!(progress.starts_with("done"), "{spec}: {progress}");
        let rows = c.find_all(Locator::Css("#analysis tr")).await.unwrap().len();
        assert!(rows > 0, "{spec}: no analysis rows");
        let hidden = |id: &'static str| async move {
            find(c, id).await.attr("hidden").await.unwrap().is_some()
        };
        assert!(!hidden("#evalbar").await, "{spec}: no evaluation bar");
        assert!(!hidden("#graph").await, "{spec}: no evaluation graph");
        // A value on the board previews its move's line while the pointer is
        // over its cell, and the preview goes when the pointer leaves.
        let previewed = js(
            c,
            "const t = document.querySelector('#board g.marks text.score[data-cell]');
             if (!t) return -1;
             const cell = document.querySelector(`#board g.cell[data-index='${t.dataset.cell}']`);
             cell.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
             const on = document.querySelectorAll('#board g.marks .preview, #board g.marks .line-arrow').length;
             document.querySelector('#board').dispatchEvent(new PointerEvent('pointerleave'));
             const off = document.querySelectorAll('#board g.marks .preview, #board g.marks .line-arrow').length;
             return off ? -2 : on;",
        )
        .await;
        let previewed = previewed.as_i64().unwrap();
        assert!(previewed != 0 && previewed != -2, "{spec}: board preview {previewed}");
        if previewed > 0 {
            boards_previewed += 1;
        }
        // Go: the area estimate draws owners on the board and says the areas.
        if !hidden("#area-label").await {
            find(c, "#area-toggle").await.click().await.unwrap();
            let words = text_containing(c, "the area estimate", "#area-words", "playouts").await;
            let squares = c.find_all(Locator::Css("#board g.area rect")).await.unwrap().len();
            assert!(squares > 0, "{spec}: no area drawn ({words})");
            find(c, "#area-toggle").await.click().await.unwrap();
            areas += 1;
        }
        let longest = longest_task(c).await;
        eprintln!("{spec}: engine moves {three:?}, analysis {progress}; longest task {longest} ms");
        assert!(longest <= 200.0, "{spec}: a task of {longest} ms while analysing");
        screenshot(c, &format!("analysis-{spec}")).await;
    }
    // Every game but those whose values stand under columns (Connect Four).
    assert!(boards_previewed >= specs().len() - 2, "{boards_previewed} boards previewed");
    // Go at its default size and 19×19.
    assert_eq!(areas, 2, "pages with an area estimate");
}

/// A finished game: the banner says who won, and Analyse says there is
/// nothing to analyse rather than thinking for ever.
async fn finished_game(c: &Client, base: &str) {
    c.goto(&format!("{base}?fresh=over#tictactoe?moves=a1,b1,a2,b2,a3")).await.unwrap();
    let banner = text_containing(c, "the banner", "#banner", "wins").await;
    assert!(banner.starts_with("Game over: X wins"), "{banner}");
    // The winning line, as the library marks it: a1 a2 a3.
    let marks = c.find_all(Locator::Css("svg#board g.cell circle.win-mark")).await.unwrap();
    let mut names = Vec::new();
    for m in &marks {
        let cell = m.find(Locator::XPath("..")).await.unwrap();
        names.push(cell.attr("data-name").await.unwrap().unwrap_or_default());
    }
    names.sort();
    assert_eq!(names, ["a1", "a2", "a3"]);
    find(c, "#analyse").await.click().await.unwrap();
    let p = text_containing(c, "the analysis's answer", "#analysis-progress", "over").await;
    assert!(p.contains("the game is over"), "{p}");
    screenshot(c, "finished-game").await;
}

/// A clock of a quarter of a minute: it starts with the first move, then the
/// side to move's time runs and the mover's stops; when it runs out the banner says so and no move
/// is taken.
async fn clock_runs_out(c: &Client, base: &str) {
    c.goto(&format!("{base}?fresh=clock#tictactoe")).await.unwrap();
    cells_drawn(c, 9).await;
    find(c, "#clock").await.select_by_value("0.25+0").await.unwrap();
    until("the clocks", || async { (text(c, "#clock-0").await == "X 0:15").then_some(()) }).await;
    let input = find(c, "#move-input").await;
    input.send_keys("b2").await.unwrap();
    find(c, "#move-go").await.click().await.unwrap();
    until("O's clock running", || async {
        let class = find(c, "#clock-1").await.attr("class").await.unwrap();
        (class.as_deref() == Some("running")).then_some(())
    })
    .await;
    // X's clock did not run before the first move.
    assert_eq!(text(c, "#clock-0").await, "X 0:15");
    // O's 15 s run out (`until` waits 10 s at most).
    tokio::time::sleep(Duration::from_secs(10)).await;
    let banner = text_containing(c, "O's flag", "#banner", "lost on time").await;
    assert_eq!(banner, "Game over: O lost on time");
    assert_eq!(text(c, "#clock-1").await, "O 0.0");
    let input = find(c, "#move-input").await;
    input.send_keys("a1").await.unwrap();
    find(c, "#move-go").await.click().await.unwrap();
    let e = text_containing(c, "the refusal", "#error", "lost on time").await;
    assert!(e.contains("O lost on time"), "{e}");
    assert_eq!(moves(c).await, ["b2"]);
    find(c, "#clock").await.select_by_value("none").await.unwrap();
}

/// The status line's ply, `move N`.
async fn ply_shown(c: &Client) -> String {
    text(c, "#status").await.rsplit("move ").next().unwrap_or_default().to_string()
}

/// Stepping through a game with the keyboard and the move list; the URL names
/// the ply shown, so a reload comes back to it; a different move played at an
/// earlier ply replaces the rest of the line.
async fn stepping_and_url(c: &Client, base: &str) {
    const LEFT: &str = "\u{E012}";
    const RIGHT: &str = "\u{E014}";
    const HOME: &str = "\u{E011}";
    const END: &str = "\u{E010}";
    c.goto(&format!("{base}?fresh=step#connect4?moves=4453")).await.unwrap();
    let at = |want: &'static str| async move {
        until(&format!("move {want}"), || async { (ply_shown(c).await == want).then_some(()) })
            .await;
    };
    at("4").await;
    let body = find(c, "body").await;
    body.send_keys(LEFT).await.unwrap();
    at("3").await;
    assert!(c.current_url().await.unwrap().as_str().ends_with("?moves=4453&ply=3"));
    body.send_keys(HOME).await.unwrap();
    at("0").await;
    body.send_keys(RIGHT).await.unwrap();
    at("1").await;
    body.send_keys(END).await.unwrap();
    at("4").await;
    find(c, "#movelist button[data-ply='2']").await.click().await.unwrap();
    at("2").await;
    let url = c.current_url().await.unwrap();
    assert!(url.as_str().ends_with("#connect4?moves=4453&ply=2"), "{url}");
    // A reload (or the link shared) shows the same ply of the same line.
    c.refresh().await.unwrap();
    at("2").await;
    assert_eq!(c.find_all(Locator::Css("#movelist button.mv")).await.unwrap().len(), 4);
    assert_eq!(moves(c).await, ["4", "4"]);
    // Another move at ply 2 starts a variation: the line shown is 4 4 1, and
    // the main line 4 4 5 3 stays, with (1) after its third move.
    let input = find(c, "#move-input").await;
    input.send_keys("1").await.unwrap();
    find(c, "#move-go").await.click().await.unwrap();
    at("3").await;
    assert_eq!(moves(c).await, ["4", "4", "1"]);
    // Read in one script: the list is drawn anew after every change.
    let shown = || async {
        let v = js(
            c,
            "return [...document.querySelectorAll('#movelist button.mv')].map(b => b.textContent);",
        )
        .await;
        v.as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect::<Vec<_>>()
    };
    let variation = || async {
        let v = js(
            c,
            "return document.querySelector('#movelist .variation')?.textContent.trim() ?? '';",
        )
        .await;
        v.as_str().unwrap().to_string()
    };
    assert_eq!(shown().await, ["4", "4", "5", "1", "3"]);
    assert_eq!(variation().await, "2. 1");
    assert!(c.current_url().await.unwrap().as_str().ends_with("#connect4?moves=441"));
    screenshot(c, "variation").await;
    // ↓ and ↑ switch between the variations at the move shown, the board at
    // the same ply: the main line's 5, then back to the variation's 1.
    const UP: &str = "\u{E013}";
    const DOWN: &str = "\u{E015}";
    find(c, "body").await.send_keys(DOWN).await.unwrap();
    until("the main line's 5", || async { (moves(c).await == ["4", "4", "5"]).then_some(()) })
        .await;
    assert_eq!(ply_shown(c).await, "3");
    find(c, "body").await.send_keys(UP).await.unwrap();
    until("the variation's 1", || async { (moves(c).await == ["4", "4", "1"]).then_some(()) })
        .await;
    // Promoted, it is the main line, and the old one the variation.
    find(c, "#promote").await.click().await.unwrap();
    assert_eq!(shown().await, ["4", "4", "1", "5", "3"]);
    assert_eq!(variation().await, "2. 5 3");
    // A reload keeps the whole tree (the tab's session storage), not only the
    // line in the URL.
    c.refresh().await.unwrap();
    at("3").await;
    until("the tree after a reload", || async {
        (shown().await == ["4", "4", "1", "5", "3"]).then_some(())
    })
    .await;
    assert_eq!(variation().await, "2. 5 3");
    // Back to the old line (a click on its 3), then deleted from its 5 on.
    find(c, "#movelist .variation button.mv:last-child").await.click().await.unwrap();
    at("4").await;
    assert_eq!(moves(c).await, ["4", "4", "5", "3"]);
    find(c, "body").await.send_keys(LEFT).await.unwrap();
    at("3").await;
    find(c, "#delete-line").await.click().await.unwrap();
    at("2").await;
    assert_eq!(shown().await, ["4", "4", "1"]);
    assert!(c.current_url().await.unwrap().as_str().ends_with("#connect4?moves=441&ply=2"));
    screenshot(c, "stepping").await;
}

/// On a phone (390×844) every game's page fits the width: no horizontal
/// scrolling, the whole board drawn.
async fn phone(c: &Client, base: &str) {
    c.set_window_size(390, 844).await.unwrap();
    for spec in specs() {
        let want = registry::new_game(&spec).unwrap().board().cells.len();
        c.goto(&format!("{base}?fresh=phone{}#{}", spec.len(), spec)).await.unwrap();
        assert_eq!(cells_drawn(c, want).await, want, "{spec}");
        let sizes = js(
            c,
            "const b = document.getElementById('board').getBoundingClientRect(); \
             return [document.documentElement.scrollWidth, window.innerWidth, b.left, b.right];",
        )
        .await;
        let n = |i: usize| sizes[i].as_f64().unwrap();
        assert!(n(0) <= n(1), "{spec}: the page is {} px wide in a {} px window", n(0), n(1));
        assert!(n(2) >= 0.0 && n(3) <= n(1), "{spec}: the board spans {}..{} px", n(2), n(3));
        screenshot(c, &format!("phone-{spec}")).await;
    }
    c.set_window_size(1280, 960).await.unwrap();
}

/// A whole game pasted into the move box: an SGF record of a 13×13 Go game
/// loads that board and its moves (the server reads the SGF), and the copy
/// offers the game as SGF.
async fn paste_sgf(c: &Client, base: &str) {
    c.goto(&format!("{base}?fresh=paste#go")).await.unwrap();
    assert_eq!(cells_drawn(c, 81).await, 81, "the default 9×9 board");
    // SGF points from the top-left: dd is d10 on 13×13, jj k4 (no i column).
    let sgf = "(;GM[1]FF[4]SZ[13]KM[6.5];B[dd];W[jj];B[dj])";
    let area = find(c, "#moves").await;
    area.clear().await.unwrap();
    area.send_keys(sgf).await.unwrap();
    find(c, "#moves-load").await.click().await.unwrap();
    assert_eq!(cells_drawn(c, 169).await, 169, "the 13×13 board of the record");
    let c2 = c.clone();
    until("the record's moves", || {
        let c = c2.clone();
        async move { (moves(&c).await == ["d10", "k4", "d4"]).then_some(()) }
    })
    .await;
    assert!(text(c, "#title").await.contains("size=13"), "the title names the record's board");
    assert_eq!(value(c, "#record-format").await, "sgf", "the copy offers SGF first");
    screenshot(c, "paste-go-sgf").await;
    // Copy as SGF: to the clipboard, or (headless Chromium may refuse it) into
    // the box; either way the note says so.
    find(c, "#moves-copy").await.click().await.unwrap();
    let note = text_containing(c, "the copy's note", "#moves-note", "sgf").await;
    if note.contains("in the box") {
        let boxed = value(c, "#moves").await;
        assert!(boxed.starts_with("(;FF[4]GM[1]") && boxed.contains("SZ[13]"), "{boxed}");
        assert!(boxed.contains(";B[dd];W[jj];B[dj])"), "{boxed}");
    }
    screenshot(c, "copy-go-sgf").await;
}

/// The puzzle pages: Life runs, Lights Out solves, the Soma cube is counted.
async fn puzzles(c: &Client, base: &str) {
    // Life: the Gosper gun (36 cells) after 30 generations has shot a glider.
    c.goto(&format!("{base}?fresh=life#puzzles/life")).await.unwrap();
    let c2 = c.clone();
    until("the gun", || {
        let c = c2.clone();
        async move { c.find(Locator::Css("svg#life[data-population='36']")).await.ok() }
    })
    .await;
    let mut status = String::new();
    for g in [10, 20, 30] {
        find(c, "#life-step10").await.click().await.unwrap();
        let want = format!("generation {g} ");
        status = until(&want.clone(), || {
            let want = want.clone();
            async move {
                let s = text(c, "#life-status").await;
                s.starts_with(&want).then_some(s)
            }
        })
        .await;
    }
    // Period 30: the gun's 36 cells and one glider's 5.
    assert_eq!(status, "generation 30 · 41 alive");
    screenshot(c, "puzzle-life").await;

    // Lights Out: the scrambled 5×5 board solved, then switched off.
    c.goto(&format!("{base}?fresh=lo#puzzles/lightsout")).await.unwrap();
    assert_eq!(
        find(c, "svg#lights").await.attr("data-cells").await.unwrap().as_deref(),
        Some("25")
    );
    find(c, "#lights-solve").await.click().await.unwrap();
    let info = text_containing(c, "a solution", "#lights-info", "presses").await;
    assert!(info.contains("2^2 solutions"), "5×5 has a 2-dimensional null space: {info}");
    screenshot(c, "puzzle-lightsout").await;
    find(c, "#lights-apply").await.click().await.unwrap();
    until("all off", || async {
        (text(c, "#lights-status").await == "all lights off").then_some(())
    })
    .await;

    // Packing: the Soma cube, first in the list.
    c.goto(&format!("{base}?fresh=pack#puzzles/pack")).await.unwrap();
    let status = text_containing(c, "the count", "#pack-status", "packings").await;
    assert!(status.starts_with("11,520 packings, 240 distinct"), "{status}");
    let layers = c.find_all(Locator::Css("svg.pack")).await.unwrap().len();
    assert_eq!(layers, 3, "the Soma cube in three layers");
    let cells = c.find_all(Locator::Css("svg.pack rect.pack-cell")).await.unwrap().len();
    assert_eq!(cells, 27);
    screenshot(c, "puzzle-pack").await;
}

#[test]
fn e2e_in_chromium() {
    let (Some(chromium), Some(driver)) =
        (on_path(&["chromium", "chromium-browser", "google-chrome"]), on_path(&["chromedriver"]))
    else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI: chromium and chromedriver are missing (scripts/ci-deps.sh installs them)"
        );
        eprintln!(
            "skipped: e2e_in_chromium needs chromium and chromedriver on the PATH \
             (apt-get install chromium chromium-driver)"
        );
        return;
    };
    let base = server();
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let (_driver, c) = browser(&chromium, &driver).await;
        let t = Instant::now();
        let c2 = c.clone();
        // On a task, so that a failure still closes the browser.
        let run = tokio::spawn(async move {
            play_connect4(&c2, &base).await;
            paste_sgf(&c2, &base).await;
            finished_game(&c2, &base).await;
            clock_runs_out(&c2, &base).await;
            stepping_and_url(&c2, &base).await;
            every_game(&c2, &base).await;
            phone(&c2, &base).await;
            puzzles(&c2, &base).await;
        })
        .await;
        let _ = c.close().await;
        if let Err(e) = run {
            std::panic::resume_unwind(e.into_panic());
        }
        eprintln!("e2e: {:.1} s; screenshots in {}", t.elapsed().as_secs_f64(), shots().display());
    });
}
