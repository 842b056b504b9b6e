//! What every example does around its work: runs it, and reports a failure as
//! `error: …` on standard error with a failing exit status.

use std::error::Error;
use std::process::ExitCode;

/// Runs an example's body and turns its result into the exit status.
pub fn report(run: impl FnOnce() -> Result<(), Box<dyn Error>>) -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
