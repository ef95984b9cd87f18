//! `lockstep2d signal`: a signalling server for `netplay --signal` rooms, on this
//! machine.

use std::net::{IpAddr, SocketAddr};

use clap::Args;
use lockstep2d_netplay::signal::SignalServer;

use crate::exit::CliResult;

#[derive(Args, Debug)]
pub struct SignalArgs {
    /// The TCP port to listen on (0: any free port, printed).
    #[arg(long)]
    port: u16,
    /// The address to listen on: this machine only by default.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
}

/// Binds, prints where the rooms are, and serves until the process is stopped.
pub fn run(args: &SignalArgs) -> CliResult {
    let server =
        SignalServer::bind(SocketAddr::new(args.host, args.port)).map_err(|e| e.to_string())?;
    // A line of its own, flushed, for whoever waits for the server to be up.
    println!("rooms at ws://{}/ROOM", server.address());
    server.serve().map_err(|e| e.to_string().into())
}
