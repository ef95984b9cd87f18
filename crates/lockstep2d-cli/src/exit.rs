//! The exit codes of `lockstep2d`, and the error a command fails with, whose kind sets
//! the code.

use std::fmt;
use std::process::ExitCode;

/// Why a command failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A bad input file (scene, state, recording), I/O, the network, or the world
    /// refused something: exit code 1.
    Error,
    /// The arguments: clap's own parse errors, and the checks made on the values after
    /// parsing: exit code 2.
    Usage,
    /// A check found states that differ: `synctest`'s first mismatching frame, a
    /// recording `replay` does not reproduce, a `netplay` desync, `diff`'s states:
    /// exit code 3.
    Mismatch,
}

impl Failure {
    /// The process exit code.
    pub const fn code(self) -> u8 {
        match self {
            Failure::Error => 1,
            // The code clap exits with on arguments it cannot parse.
            Failure::Usage => 2,
            Failure::Mismatch => 3,
        }
    }
}

/// The exit codes, as `--help` lists them.
pub const EXIT_CODES_HELP: &str = "\
Exit codes:
  0  success
  1  an error: a bad input file, I/O, the network, or the world refused something
  2  usage: an unknown flag, or a value out of range or of the wrong kind
  3  a mismatch: synctest's first differing frame, a recording replay does not
     reproduce, a netplay desync, states diff finds different";

/// A command's failure: what to say on stderr and the kind that picks the exit code.
#[derive(Debug)]
pub struct CliError {
    pub failure: Failure,
    pub message: String,
}

impl CliError {
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            failure: Failure::Usage,
            message: message.into(),
        }
    }

    pub fn mismatch(message: impl Into<String>) -> CliError {
        CliError {
            failure: Failure::Mismatch,
            message: message.into(),
        }
    }
}

/// A plain message is an error (exit code 1); usage errors and mismatches say so.
impl From<String> for CliError {
    fn from(message: String) -> CliError {
        CliError {
            failure: Failure::Error,
            message,
        }
    }
}

impl From<&str> for CliError {
    fn from(message: &str) -> CliError {
        CliError::from(message.to_string())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// What a command returns.
pub type CliResult<T = ()> = Result<T, CliError>;

/// The exit code of a command, its error said on stderr.
pub fn finish(result: CliResult) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("lockstep2d: {}", error.message);
            ExitCode::from(error.failure.code())
        }
    }
}
