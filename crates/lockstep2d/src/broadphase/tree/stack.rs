//! The stack a tree walk keeps its pending nodes on.

/// A depth-first stack that lives on the call stack. A walk of a balanced binary tree
/// holds at most one entry per level, and of a four-wide one three, so thirty-two
/// entries serve trees of millions of leaves; deeper walks spill to the heap. Kept
/// small because it is filled before every walk.
pub(super) struct Stack<T: Copy> {
    inline: [T; 32],
    len: usize,
    spill: Vec<T>,
}

impl<T: Copy> Stack<T> {
    pub fn new(fill: T) -> Self {
        Stack {
            inline: [fill; 32],
            len: 0,
            spill: Vec::new(),
        }
    }

    pub fn push(&mut self, item: T) {
        if self.len < self.inline.len() {
            self.inline[self.len] = item;
            self.len += 1;
        } else {
            self.spill.push(item);
        }
    }

    pub fn pop(&mut self) -> Option<T> {
        if let Some(item) = self.spill.pop() {
            return Some(item);
        }
        self.len = self.len.checked_sub(1)?;
        Some(self.inline[self.len])
    }
}
