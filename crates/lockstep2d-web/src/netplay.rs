//! `Room` and `NetPeer`: the browser as one peer of a rollback session over WebRTC,
//! against native peers or other browsers. The room is joined through a signalling
//! server (`lockstep2d signal`); once its players are all there, the session starts and
//! the page plays its player a frame at a time, drawing the world as it goes.

use lockstep2d_netplay::webrtc::{self, Joined, PeerId, Role, RoomOptions};
use lockstep2d_netplay::{Peer, Tuning};
use lockstep2d_scenes::Pad;
use lockstep2d_testbed::session::named_scene;
use lockstep2d_testbed::{Camera, Pixmap, draw_world, scene_bounds};
use wasm_bindgen::prelude::*;

use crate::error::js_error;
use crate::picture::{Pixels, new_pixmap};

/// A room being joined: its socket's messages run on the browser's event loop.
#[wasm_bindgen]
pub struct Room {
    room: Option<webrtc::Room>,
    scene: String,
}

#[wasm_bindgen]
impl Room {
    /// Joins `url` (`ws://HOST:PORT/ROOM`) as a player of a session of `players`
    /// players on the named scene `scene`. No STUN or TURN server is used.
    #[wasm_bindgen(constructor)]
    pub fn new(url: &str, players: u32, scene: &str) -> Result<Room, JsError> {
        named_scene(scene).map_err(js_error)?;
        let options = RoomOptions {
            room: url.to_string(),
            players: players as usize,
            spectators: 0,
            role: Role::Player,
            tuning: Tuning::default(),
        };
        let (room, message_loop) = webrtc::Room::open(&options).map_err(js_error)?;
        wasm_bindgen_futures::spawn_local(async move {
            // The loop ends when the socket closes; the peer sees its peers go quiet.
            let _ = message_loop.await;
        });
        Ok(Room {
            room: Some(room),
            scene: scene.to_string(),
        })
    }

    /// Whether every player is there: call it every frame until it is.
    #[wasm_bindgen(js_name = isFull)]
    pub fn is_full(&mut self) -> bool {
        self.room.as_mut().is_some_and(webrtc::Room::is_full)
    }

    /// Starts the session once the room is full, drawn `width` × `height` pixels. A
    /// room starts one session.
    pub fn start(&mut self, width: u32, height: u32) -> Result<NetPeer, JsError> {
        let room = self
            .room
            .take()
            .ok_or_else(|| js_error("this room's session has started"))?;
        let scene = named_scene(&self.scene).map_err(js_error)?;
        let mut camera = Camera::new(width, height);
        if let Some(bounds) = scene_bounds(&scene.world) {
            camera.fit(bounds);
        }
        let pixmap = new_pixmap(width, height)?;
        match room.start(scene).map_err(js_error)? {
            Joined::Player(peer) => Ok(NetPeer {
                peer,
                pixmap,
                camera,
            }),
            Joined::Spectator(_) => Err(js_error("a browser joins as a player")),
        }
    }
}

/// The browser's peer in a started session.
#[wasm_bindgen]
pub struct NetPeer {
    peer: Box<Peer<PeerId>>,
    pixmap: Pixmap,
    camera: Camera,
}

#[wasm_bindgen]
impl NetPeer {
    /// Plays the next frame with this player's `buttons` (`Pad`'s bits: 1 left, 2
    /// right, 4 jump, 8 down), rolling back first if other players' pads change frames
    /// already played. False when no frame was played (waiting for the others).
    pub fn advance(&mut self, buttons: u8) -> Result<bool, JsError> {
        self.peer.advance(Pad::from_bits(buttons)).map_err(js_error)
    }

    /// Receives and sends what is waiting, between frames.
    pub fn poll(&mut self) {
        self.peer.poll();
    }

    /// This peer's player, from 0.
    #[wasm_bindgen(getter)]
    pub fn player(&self) -> u32 {
        self.peer.player() as u32
    }

    /// The session's players.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> u32 {
        self.peer.players() as u32
    }

    /// The frame being played next.
    #[wasm_bindgen(getter)]
    pub fn frame(&self) -> i32 {
        self.peer.frame()
    }

    /// The last frame whose state is final.
    #[wasm_bindgen(getter, js_name = confirmedFrame)]
    pub fn confirmed_frame(&self) -> i32 {
        self.peer.confirmed_frame()
    }

    /// How many frames this peer is ahead of the others: a page ahead waits a little.
    #[wasm_bindgen(getter, js_name = framesAhead)]
    pub fn frames_ahead(&self) -> i32 {
        self.peer.frames_ahead()
    }

    /// The state hash of `frame` (as hex, `0x…`, as the native peers print it) while
    /// the peer still keeps it: a few frames past its confirmation.
    #[wasm_bindgen(js_name = hashAt)]
    pub fn hash_at(&self, frame: i32) -> Option<String> {
        let hash = self.peer.game().hash_at(frame)?;
        Some(format!("{hash:#018x}"))
    }

    /// The desyncs found so far.
    #[wasm_bindgen(getter)]
    pub fn desyncs(&self) -> u32 {
        self.peer.desyncs().len() as u32
    }

    /// Draws the world as the last frame left it, and says where its pixels are.
    pub fn draw(&mut self) -> Result<Pixels, JsError> {
        let world = self.peer.world();
        let pose = |body| world.transform(body);
        draw_world(&mut self.pixmap, world, &self.camera, &pose, None).map_err(js_error)?;
        Ok(Pixels::of(&self.pixmap))
    }
}

/// The scripted player's buttons on `frame` (`Pad::scripted`): what a native peer
/// plays headless, so a page can play the same.
#[wasm_bindgen(js_name = scriptedPad)]
pub fn scripted_pad(player: u32, frame: u32) -> u8 {
    Pad::scripted(player as usize, u64::from(frame)).bits()
}
