//! What the browser tests share: finding a program on the `PATH` and serving
//! the app on a free port of 127.0.0.1.

#![allow(dead_code)] // Each test file uses its own subset.

use bitgames_web::{bind, router, Limits};
use std::path::PathBuf;

/// The first of `names` on the `PATH`.
pub fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|p| p.is_file())
}

/// Serves the app on a free port of 127.0.0.1 from its own thread; its base URL.
pub fn server() -> String {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
        rt.block_on(async {
            let listener = bind([127, 0, 0, 1].into(), 0).await.unwrap();
            tx.send(listener.local_addr().unwrap().port()).unwrap();
            axum::serve(listener, router(Limits::default())).await.unwrap();
        });
    });
    format!("http://127.0.0.1:{}/", rx.recv().unwrap())
}
