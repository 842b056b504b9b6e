//! The page in a real browser (headless Chromium, `--dump-dom`), against a real
//! server on 127.0.0.1: the board drawn has the library's number of cells. Each
//! test skips, saying so, when no Chromium is installed (Debian: `apt-get
//! install chromium`).

use crate::common;
use bitgames::registry;
use common::{on_path, server};
use std::path::PathBuf;
use std::process::Command;

/// The first Chromium on the `PATH`.
fn chromium() -> Option<PathBuf> {
    on_path(&["chromium", "chromium-browser", "google-chrome"])
}

/// Chromium and the app served on 127.0.0.1 (its base URL); none, saying
/// the test is skipped, without Chromium.
fn chromium_and_server() -> Option<(PathBuf, String)> {
    let Some(browser) = chromium() else {
        eprintln!("skipped: no chromium on the PATH (apt-get install chromium)");
        return None;
    };
    Some((browser, server()))
}

/// The page's DOM after it has loaded and drawn.
fn dom(browser: &PathBuf, url: &str) -> String {
    let out = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=3000"])
        .arg("--dump-dom")
        .arg(url)
        .output()
        .expect("run chromium");
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// The `data-cells` count of the drawn board.
fn drawn_cells(dom: &str) -> Option<usize> {
    let at = dom.find("data-cells=\"")? + "data-cells=\"".len();
    dom[at..].split('"').next()?.parse().ok()
}

fn check_game(browser: &PathBuf, base: &str, name: &str) {
    let want = registry::new_game(name).unwrap().board().cells.len();
    let page = dom(browser, &format!("{base}#{name}"));
    assert_eq!(drawn_cells(&page), Some(want), "{name}: {}", &page[..page.len().min(2000)]);
    assert!(page.contains(" to move"), "{name}: no side to move shown");
}

#[test]
fn browser_draws_connect4() {
    let Some((browser, base)) = chromium_and_server() else { return };
    // A link to a position: 42 cells, the moves played, the last one marked.
    let page = dom(&browser, &format!("{base}#connect4?moves=4453"));
    assert_eq!(drawn_cells(&page), Some(42));
    assert!(page.contains(". . O X X . ."), "the picture's bottom row");
    assert!(page.contains("X to move · move 4"), "the status line");
    let start = page.find("<svg id=\"board\"").expect("the board");
    let board = &page[start..start + page[start..].find("</svg>").expect("its end")];
    assert_eq!(board.matches("class=\"last\"").count(), 1);
    // Connect Four's pieces as the game declares them: red first, yellow second.
    assert_eq!(board.matches("class=\"piece stone red\"").count(), 2);
    assert_eq!(board.matches("class=\"piece stone yellow\"").count(), 2);
}

/// Every game's page (about 5 s a page; run with
/// `cargo test -p bitgames-web --test it -- browser:: --ignored`).
#[test]
#[ignore]
fn browser_draws_every_game() {
    let Some((browser, base)) = chromium_and_server() else { return };
    for info in registry::games() {
        check_game(&browser, &base, info.name);
    }
}
