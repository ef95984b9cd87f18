//! Intrusive doubly linked lists, as Box2D keeps a body's shapes and joints: the body
//! holds the list's ends and length, each member holds its neighbours. A body is then
//! plain data, copied by a snapshot as bytes, where a `Vec` per body costs a pointer
//! chase and an allocation check each, a large part of snapshotting a big pyramid's
//! bodies (docs/decisions.md, "A body's shapes and joints in intrusive lists"). Members
//! are appended, so a list keeps the order they were added in: a body's mass sums its
//! shapes in that order.

use serde::{Deserialize, Serialize};

/// "No member": the neighbour of a list's ends, the ends of an empty list.
pub(crate) const END: u32 = u32::MAX;

/// A list's ends and length, kept by its owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct List {
    pub first: u32,
    pub last: u32,
    pub len: u32,
}

impl Default for List {
    fn default() -> List {
        List {
            first: END,
            last: END,
            len: 0,
        }
    }
}

/// A member's neighbours, kept by the member.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Link {
    pub prev: u32,
    pub next: u32,
}

impl Default for Link {
    fn default() -> Link {
        Link {
            prev: END,
            next: END,
        }
    }
}

/// Where the members of a kind of list keep their links, found by the member's key.
pub(crate) trait Links {
    /// The member's link; `None` for a key naming no member.
    fn link(&self, key: u32) -> Option<&Link>;
    /// The member's link, for a key the caller knows is a member.
    fn link_mut(&mut self, key: u32) -> &mut Link;
}

impl List {
    /// Appends `key`, whose link is overwritten.
    pub fn push_back(&mut self, links: &mut (impl Links + ?Sized), key: u32) {
        *links.link_mut(key) = Link {
            prev: self.last,
            next: END,
        };
        if self.last == END {
            self.first = key;
        } else {
            links.link_mut(self.last).next = key;
        }
        self.last = key;
        self.len += 1;
    }

    /// Takes out `key`, a member of this list, and clears its link.
    pub fn remove(&mut self, links: &mut (impl Links + ?Sized), key: u32) {
        let Link { prev, next } = std::mem::take(links.link_mut(key));
        if prev == END {
            self.first = next;
        } else {
            links.link_mut(prev).next = next;
        }
        if next == END {
            self.last = prev;
        } else {
            links.link_mut(next).prev = prev;
        }
        self.len -= 1;
    }

    /// The members' keys, first to last. It stops after `len` members, so even a list
    /// whose links form a cycle cannot keep it going.
    pub fn iter<'a, L: Links + ?Sized>(
        &self,
        links: &'a L,
    ) -> impl Iterator<Item = u32> + use<'a, L> {
        let mut key = self.first;
        (0..self.len).map_while(move |_| {
            let current = key;
            key = links.link(current)?.next;
            Some(current)
        })
    }

    /// Whether the links agree with the ends and the length: walking from `first`
    /// meets `len` members, each `owned` by this list's owner and naming the one before
    /// it, and ends at `last`. The prev check is what rules out a cycle: the first
    /// member met twice would name, as its prev, the member before its first visit.
    pub fn is_well_formed(
        &self,
        links: &(impl Links + ?Sized),
        owned: impl Fn(u32) -> bool,
    ) -> bool {
        let (mut prev, mut key) = (END, self.first);
        for _ in 0..self.len {
            let Some(link) = links.link(key).filter(|link| link.prev == prev) else {
                return false;
            };
            if !owned(key) {
                return false;
            }
            (prev, key) = (key, link.next);
        }
        key == END && prev == self.last
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Links for [Link] {
        fn link(&self, key: u32) -> Option<&Link> {
            self.get(key as usize)
        }

        fn link_mut(&mut self, key: u32) -> &mut Link {
            &mut self[key as usize]
        }
    }

    #[test]
    fn members_keep_their_order_through_removals() {
        let mut links = vec![Link::default(); 5];
        let mut list = List::default();
        for key in [3, 0, 4, 1] {
            list.push_back(links.as_mut_slice(), key);
        }
        list.remove(links.as_mut_slice(), 0);
        assert_eq!(list.iter(links.as_slice()).collect::<Vec<_>>(), [3, 4, 1]);
        list.remove(links.as_mut_slice(), 1);
        list.remove(links.as_mut_slice(), 3);
        assert_eq!(list.iter(links.as_slice()).collect::<Vec<_>>(), [4]);
        assert!(list.is_well_formed(links.as_slice(), |_| true));
        list.remove(links.as_mut_slice(), 4);
        assert_eq!(list, List::default());
        assert!(links.iter().all(|link| *link == Link::default()));
    }

    #[test]
    fn broken_links_are_not_well_formed() {
        let mut links = vec![Link::default(); 4];
        let mut list = List::default();
        for key in 0..3 {
            list.push_back(links.as_mut_slice(), key);
        }
        assert!(list.is_well_formed(links.as_slice(), |_| true));
        assert!(
            !list.is_well_formed(links.as_slice(), |key| key != 1),
            "not owned"
        );
        let mut cycle = links.clone();
        cycle[2].next = 0;
        assert!(!List { len: 4, ..list }.is_well_formed(cycle.as_slice(), |_| true));
        assert!(!List { len: 2, ..list }.is_well_formed(links.as_slice(), |_| true));
        let mut skipped = links.clone();
        skipped[0].next = 2;
        assert!(!list.is_well_formed(skipped.as_slice(), |_| true));
        assert!(!List { last: 1, ..list }.is_well_formed(links.as_slice(), |_| true));
    }
}
