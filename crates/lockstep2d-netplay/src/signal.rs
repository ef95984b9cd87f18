//! A matchbox signalling server: peers joining a room (`ws://HOST:PORT/ROOM`) learn of
//! each other through it and trade what WebRTC needs to connect them directly (a full
//! mesh: every peer of a room to every other). It carries no game traffic.

use std::net::SocketAddr;

use matchbox_signaling::SignalingServer;

use crate::NetError;

/// A signalling server bound to its address, not yet serving.
pub struct SignalServer {
    server: SignalingServer,
    address: SocketAddr,
}

impl SignalServer {
    /// Binds `address` (port 0: any free port). Fails if it cannot be bound.
    pub fn bind(address: SocketAddr) -> Result<SignalServer, NetError> {
        let mut server = SignalingServer::full_mesh_builder(address).build();
        let address = server
            .bind()
            .map_err(|e| NetError::Invalid(format!("the signalling server on {address}: {e}")))?;
        Ok(SignalServer { server, address })
    }

    /// The address it listens on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Serves peers until the process ends, on a runtime of its own on this thread.
    pub fn serve(self) -> Result<(), NetError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| NetError::Invalid(format!("the signalling server's runtime: {e}")))?;
        runtime
            .block_on(self.server.serve())
            .map_err(|e| NetError::Invalid(format!("the signalling server stopped: {e}")))
    }
}
