//! The few `--flag value` arguments the examples take, without a parser each.

/// The command line's arguments after the program name.
pub struct ExampleArgs(Vec<String>);

impl ExampleArgs {
    /// The arguments this process was started with.
    pub fn from_env() -> ExampleArgs {
        ExampleArgs(std::env::args().skip(1).collect())
    }

    /// The word after `flag`, if the flag is given.
    pub fn value(&self, flag: &str) -> Option<&str> {
        let at = self.0.iter().position(|a| a == flag)?;
        self.0.get(at + 1).map(String::as_str)
    }

    /// Whether `flag` is given.
    pub fn has(&self, flag: &str) -> bool {
        self.0.iter().any(|a| a == flag)
    }

    /// The number after `flag`, or `default` without the flag.
    pub fn number(&self, flag: &str, default: u32) -> Result<u32, String> {
        self.value(flag).map_or(Ok(default), |v| {
            v.parse().map_err(|e| format!("{flag} {v}: {e}"))
        })
    }
}
