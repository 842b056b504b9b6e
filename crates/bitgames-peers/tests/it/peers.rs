//! `bitgames-peers` run as a user runs it: it names a missing or wrong peer
//! before it measures anything.

use std::process::Command;

fn fails(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_bitgames-peers")).args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing measured");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn a_wrong_peer_is_named() {
    let e = fails(&[]);
    assert!(e.contains("--pons PATH") && e.contains("--fhourstones PATH"), "{e}");
    let e = fails(&["--pons", "/nonexistent/c4solver"]);
    assert!(e.contains("--pons") && e.contains("/nonexistent/c4solver"), "{e}");
    let e = fails(&["--fhourstones", "/"]);
    assert!(e.contains("--fhourstones") && e.contains("folder"), "{e}");
    let e = fails(&["--edax", "/bin/sh", "--depths", "99"]);
    assert!(e.contains("--depths"), "{e}");
}
