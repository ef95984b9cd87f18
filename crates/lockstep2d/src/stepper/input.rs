//! Inputs for fixed steps (see `InputQueue`).

/// Inputs waiting for the next steps, after the event processor of the article "Physics
/// Loop": input arrives once per frame, but a frame may run zero, one or several steps.
///
/// - A one-shot input (jump, fire) applies in exactly one step: the next one to run,
///   even if the frame it arrived in ran no step.
/// - A held input (thrust, walk right) applies in every step while it is held.
///
/// Drain it once per step, inside the stepper's per-step callback, with
/// [`InputQueue::drain_step`]. What it holds is game state a rollback must restore (a
/// held input stays held): it is `Serialize`, for a game that saves and hashes it with
/// the rest of its state.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct InputQueue<I> {
    one_shot: Vec<I>,
    held: Vec<I>,
}

impl<I> Default for InputQueue<I> {
    fn default() -> Self {
        InputQueue {
            one_shot: Vec::new(),
            held: Vec::new(),
        }
    }
}

impl<I: Clone + PartialEq> InputQueue<I> {
    /// An empty queue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues an input for the next step only.
    pub fn press(&mut self, input: I) {
        self.one_shot.push(input);
    }

    /// Applies `input` in every step from the next one until `release`. Holding an
    /// input already held changes nothing.
    pub fn hold(&mut self, input: I) {
        if !self.held.contains(&input) {
            self.held.push(input);
        }
    }

    /// Stops applying `input` in the coming steps. Releasing an input not held changes
    /// nothing.
    pub fn release(&mut self, input: &I) {
        self.held.retain(|held| held != input);
    }

    /// The inputs held now, in the order they were first held.
    pub fn held(&self) -> &[I] {
        &self.held
    }

    /// The inputs for one step: the queued one-shots (which are consumed), then the
    /// held inputs, in the order they were pressed and held.
    pub fn drain_step(&mut self) -> impl Iterator<Item = I> + '_ {
        self.one_shot.drain(..).chain(self.held.iter().cloned())
    }
}
