//! A socket that loses, delays, duplicates and reorders what it receives, at given
//! rates, to play a session over loopback as if over a bad network. It wraps a real
//! socket; the faults are drawn from a seeded generator, so a seed and the same packets
//! give the same faults.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use web_time::Instant;

use ggrs::{Message, NonBlockingSocket};
use lockstep2d_scenes::Pcg32;
use serde::Serialize;

/// A packet held back this much longer than its delay is "reordered": packets that
/// arrive after it, within this time, overtake it.
const REORDER_HOLD: Duration = Duration::from_millis(30);

/// The generator's stream for faults ("netplay" in ASCII): a seed gives the same faults
/// here and nowhere else.
const FAULT_STREAM: u64 = 0x006e_6574_706c_6179;

/// The faults, applied to every packet received.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Faults {
    /// The share of packets lost (0 to 1).
    pub loss: f64,
    /// How late every packet arrives.
    pub delay: Duration,
    /// Each packet's delay is off by up to this much, either way (never below zero).
    pub jitter: Duration,
    /// The share of packets that arrive twice (each copy with its own delay).
    pub duplicate: f64,
    /// The share of packets held back `REORDER_HOLD` longer, so later ones overtake.
    pub reorder: f64,
}

impl Faults {
    /// Checks that every share is between 0 and 1.
    pub fn check(&self) -> Result<(), String> {
        for (name, share) in [
            ("loss", self.loss),
            ("duplicate", self.duplicate),
            ("reorder", self.reorder),
        ] {
            if !(0.0..=1.0).contains(&share) {
                return Err(format!("--{name} {share}: a share must be between 0 and 1"));
            }
        }
        Ok(())
    }

    /// True when no fault is set: every packet arrives once, at once, in order.
    pub fn is_none(&self) -> bool {
        *self == Faults::default()
    }
}

/// What the faults did to the packets received.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PacketCounts {
    /// Packets the socket received.
    pub received: u64,
    /// Packets dropped.
    pub lost: u64,
    /// Packets delivered twice.
    pub duplicated: u64,
    /// Packets held back so later ones overtook them.
    pub reordered: u64,
}

/// A received packet on hold until `due`.
struct Held<A> {
    due: Instant,
    /// Arrival order, so packets due at the same instant keep it.
    order: u64,
    from: A,
    message: Message,
}

impl<A> PartialEq for Held<A> {
    fn eq(&self, other: &Self) -> bool {
        (self.due, self.order) == (other.due, other.order)
    }
}

impl<A> Eq for Held<A> {}

impl<A> PartialOrd for Held<A> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<A> Ord for Held<A> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.due, self.order).cmp(&(other.due, other.order))
    }
}

/// `inner` with `faults` on what it receives.
pub struct FaultySocket<S, A> {
    inner: S,
    faults: Faults,
    rng: Pcg32,
    held: BinaryHeap<Reverse<Held<A>>>,
    arrivals: u64,
    /// Shared with whoever reports them, since the session owns the socket.
    counts: SharedCounts,
}

/// Packet counts shared between the socket, which the session owns, and whoever
/// reports them. Behind a lock, so the socket stays `Send + Sync`, as GGRS asks of
/// sockets when its `sync-send` feature is on (bevy_ggrs turns it on).
#[derive(Clone, Debug, Default)]
pub struct SharedCounts(Arc<Mutex<PacketCounts>>);

impl SharedCounts {
    /// The counts now.
    pub fn get(&self) -> PacketCounts {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn update(&self, add: impl FnOnce(&mut PacketCounts)) {
        add(&mut self.0.lock().unwrap_or_else(PoisonError::into_inner));
    }
}

impl<S, A> FaultySocket<S, A> {
    /// `inner` with `faults` on what it receives, drawn from `seed`.
    pub fn new(inner: S, faults: Faults, seed: u64) -> Self {
        FaultySocket {
            inner,
            faults,
            rng: Pcg32::new(seed, FAULT_STREAM),
            held: BinaryHeap::new(),
            arrivals: 0,
            counts: SharedCounts::default(),
        }
    }

    /// The counts as they grow, readable after the socket is handed to a session.
    pub fn counts(&self) -> SharedCounts {
        self.counts.clone()
    }

    fn count(&self, add: impl FnOnce(&mut PacketCounts)) {
        self.counts.update(add);
    }

    /// True with probability `share`.
    fn chance(&mut self, share: f64) -> bool {
        share > 0.0 && f64::from(self.rng.next_u32()) < share * f64::from(u32::MAX)
    }

    /// One copy's delay: the delay, the jitter either way, and the reorder hold.
    fn delay(&mut self) -> Duration {
        let jitter = self.faults.jitter.as_secs_f64();
        let offset = jitter * (2.0 * f64::from(self.rng.next_u32()) / f64::from(u32::MAX) - 1.0);
        let mut delay = (self.faults.delay.as_secs_f64() + offset).max(0.0);
        if self.chance(self.faults.reorder) {
            self.count(|c| c.reordered += 1);
            delay += REORDER_HOLD.as_secs_f64();
        }
        Duration::from_secs_f64(delay)
    }

    /// Puts a packet just received on hold, lost, or twice.
    fn admit(&mut self, now: Instant, from: A, message: Message)
    where
        A: Clone,
    {
        self.count(|c| c.received += 1);
        if self.chance(self.faults.loss) {
            self.count(|c| c.lost += 1);
            return;
        }
        if self.chance(self.faults.duplicate) {
            self.count(|c| c.duplicated += 1);
            self.hold(now, from.clone(), message.clone());
        }
        self.hold(now, from, message);
    }

    fn hold(&mut self, now: Instant, from: A, message: Message) {
        let due = now + self.delay();
        self.arrivals += 1;
        self.held.push(Reverse(Held {
            due,
            order: self.arrivals,
            from,
            message,
        }));
    }
}

impl<S, A> NonBlockingSocket<A> for FaultySocket<S, A>
where
    S: NonBlockingSocket<A>,
    A: Clone + PartialEq + Eq + Hash + Send + Sync,
{
    fn send_to(&mut self, msg: &Message, addr: &A) {
        self.inner.send_to(msg, addr);
    }

    /// The packets whose time has come, in the order they are due.
    fn receive_all_messages(&mut self) -> Vec<(A, Message)> {
        self.receive_at(Instant::now())
    }
}

impl<S, A> FaultySocket<S, A>
where
    S: NonBlockingSocket<A>,
    A: Clone + PartialEq + Eq + Hash + Send + Sync,
{
    /// What `receive_all_messages` returns at time `now`.
    fn receive_at(&mut self, now: Instant) -> Vec<(A, Message)> {
        for (from, message) in self.inner.receive_all_messages() {
            self.admit(now, from, message);
        }
        let mut due = Vec::new();
        while self.held.peek().is_some_and(|held| held.0.due <= now) {
            if let Some(Reverse(held)) = self.held.pop() {
                due.push((held.from, held.message));
            }
        }
        due
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;

    /// A socket whose packets are handed to it by the test; each message is told apart
    /// by its header's number.
    #[derive(Default)]
    struct Loopback {
        inbox: VecDeque<(u8, Message)>,
    }

    impl NonBlockingSocket<u8> for Loopback {
        fn send_to(&mut self, _: &Message, _: &u8) {}

        fn receive_all_messages(&mut self) -> Vec<(u8, Message)> {
            self.inbox.drain(..).collect()
        }
    }

    fn message(number: u16) -> Message {
        let json = format!(r#"{{"header":{{"magic":{number}}},"body":"KeepAlive"}}"#);
        serde_json::from_str(&json).expect("a keep-alive message")
    }

    fn number(message: &Message) -> u64 {
        let json = serde_json::to_value(message).unwrap();
        json["header"]["magic"].as_u64().unwrap()
    }

    fn socket(faults: Faults) -> FaultySocket<Loopback, u8> {
        FaultySocket::new(Loopback::default(), faults, 7)
    }

    /// Sends packets 0..count, one a millisecond from `start`, and collects what comes
    /// out until a second after the last: (packet number, milliseconds late).
    fn deliver(socket: &mut FaultySocket<Loopback, u8>, count: u16) -> Vec<(u64, u64)> {
        let start = Instant::now();
        let mut out = Vec::new();
        for ms in 0..u64::from(count) + 1000 {
            if ms < u64::from(count) {
                socket.inner.inbox.push_back((1, message(ms as u16)));
            }
            let now = start + Duration::from_millis(ms);
            for (_, message) in socket.receive_at(now) {
                let sent = number(&message);
                out.push((sent, ms - sent));
            }
        }
        out
    }

    #[test]
    fn with_no_faults_every_packet_comes_through_at_once_and_in_order() {
        let mut socket = socket(Faults::default());
        let out = deliver(&mut socket, 500);
        assert_eq!(out, (0..500).map(|n| (n, 0)).collect::<Vec<_>>());
    }

    #[test]
    fn a_tenth_lost_and_the_rest_late_by_the_delay_give_or_take_the_jitter() {
        let faults = Faults {
            loss: 0.1,
            delay: Duration::from_millis(60),
            jitter: Duration::from_millis(20),
            ..Faults::default()
        };
        let mut socket = socket(faults);
        let out = deliver(&mut socket, 5000);
        let counts = socket.counts().get();
        assert_eq!(counts.received, 5000);
        assert_eq!(out.len() as u64, 5000 - counts.lost);
        assert!((400..600).contains(&counts.lost), "{counts:?}");
        assert!(out.iter().all(|&(_, late)| (40..=80).contains(&late)));
        let mean = out.iter().map(|&(_, late)| late as f64).sum::<f64>() / out.len() as f64;
        assert!((mean - 60.0).abs() < 1.0, "mean delay {mean} ms");
        // Jitter wider than the gap between packets lets later ones overtake.
        assert!(out.windows(2).any(|w| w[1].0 < w[0].0));
    }

    #[test]
    fn duplicates_arrive_twice_and_reordered_packets_are_overtaken() {
        let faults = Faults {
            duplicate: 0.02,
            reorder: 0.02,
            ..Faults::default()
        };
        let mut socket = socket(faults);
        let out = deliver(&mut socket, 5000);
        let counts = socket.counts().get();
        assert!((60..140).contains(&counts.duplicated), "{counts:?}");
        assert_eq!(out.len() as u64, 5000 + counts.duplicated);
        let held = out.iter().filter(|&&(_, late)| late >= 30).count() as u64;
        assert_eq!(held, counts.reordered);
        assert!((60..140).contains(&counts.reordered), "{counts:?}");
        assert!(out.windows(2).any(|w| w[1].0 < w[0].0));
    }

    #[test]
    fn a_share_outside_0_to_1_is_refused() {
        let bad = Faults {
            loss: -0.1,
            ..Faults::default()
        };
        assert!(bad.check().unwrap_err().contains("--loss -0.1"));
        let bad = Faults {
            reorder: f64::NAN,
            ..Faults::default()
        };
        assert!(bad.check().is_err());
    }
}
