//! A map's hexes as one bit each, row by row (as [`super::HexSet`] numbers
//! them), stepped 64 at a time: the sweep of [`super::approach`] moves a
//! whole frontier one step with a few shifts and masks per word instead of
//! visiting its hexes one by one (issue 19).
//!
//! In the odd-q layout of [`crate::hex`] a hex's neighbours are the hexes
//! above and below it and, in the columns either side, those of its own row
//! and of the row above (even columns) or below (odd columns). A hex number
//! plus one is the next column, plus the width the next row, so every step
//! is a shift of the whole bit row by 1 or by the width.

use std::cell::RefCell;

/// Bits of a map's hexes and the masks a step needs.
pub(super) struct Lattice {
    width: usize,
    words: usize,
    /// The map's hexes (the last word's spare bits clear).
    on_map: Vec<u64>,
    /// Hexes of the even columns, whose side neighbours are on their own
    /// row and the one above, that have a column to their right, and those
    /// that have one to their left.
    up_right: Vec<u64>,
    up_left: Vec<u64>,
    /// The same of the odd columns, whose side neighbours are on their own
    /// row and the one below.
    down_right: Vec<u64>,
    down_left: Vec<u64>,
    /// By the Action Points of stepping into them: the hexes that cost that.
    entry: Vec<(u32, Vec<u64>)>,
    /// The hexes anyone may enter.
    passable: Vec<u64>,
}

thread_local! {
    /// [`Lattice::reaches`]'s bits, kept from one flood to the next.
    static FLOOD: RefCell<Flood> = RefCell::default();
}

/// Room for a flood over a map's bit rows.
#[derive(Default)]
struct Flood {
    front: Vec<u64>,
    seen: Vec<u64>,
    goals: Vec<u64>,
    next: Vec<u64>,
    sides: Sides,
}

impl Lattice {
    /// The lattice of a map `width` hexes wide whose hex number `i` costs
    /// `entry[i]` Action Points to step into (0: nobody may).
    pub fn new(width: usize, entry: &[u8]) -> Lattice {
        let cells = entry.len();
        let words = cells.div_ceil(64).max(1);
        let set = |keep: &dyn Fn(usize) -> bool| {
            let mut bits = vec![0u64; words];
            for i in (0..cells).filter(|&i| keep(i)) {
                bits[i / 64] |= 1 << (i % 64);
            }
            bits
        };
        let col = |i: usize| i % width.max(1);
        let mut costs: Vec<u32> = entry.iter().map(|&e| u32::from(e)).collect();
        costs.retain(|&c| c > 0);
        costs.sort_unstable();
        costs.dedup();
        let passable = set(&|i| entry[i] > 0);
        Lattice {
            width,
            words,
            passable,
            on_map: set(&|_| true),
            up_right: set(&|i| col(i) % 2 == 0 && col(i) + 1 != width),
            up_left: set(&|i| col(i) % 2 == 0 && col(i) != 0),
            down_right: set(&|i| col(i) % 2 == 1 && col(i) + 1 != width),
            down_left: set(&|i| col(i) % 2 == 1 && col(i) != 0),
            entry: (costs.into_iter())
                .map(|c| (c, set(&|i| u32::from(entry[i]) == c)))
                .collect(),
        }
    }

    /// Words in a bit row of the map.
    pub fn words(&self) -> usize {
        self.words
    }

    /// The Action Points of stepping into hexes, each with the hexes that
    /// cost that: together every hex anyone may enter.
    pub fn entry(&self) -> &[(u32, Vec<u64>)] {
        &self.entry
    }

    /// Whether one of the hexes numbered `goals` lies within `steps` steps
    /// of hex `start` (on the map) by way of hexes anyone may enter and
    /// none of `blocked` (bit rows of the map): a flood out from the start,
    /// a step at a time, over only the rows it could have reached.
    pub fn reaches(&self, start: usize, steps: u32, blocked: &[u64], goals: &[u32]) -> bool {
        if goals.contains(&(start as u32)) {
            return true;
        }
        let words = self.words;
        FLOOD.with_borrow_mut(|flood| {
            let Flood {
                front,
                seen,
                goals: goal_bits,
                next,
                sides,
            } = flood;
            if front.len() != words {
                *front = vec![0; words];
                *seen = vec![0; words];
                *goal_bits = vec![0; words];
                *next = vec![0; words];
            }
            for &g in goals.iter().filter(|&&g| (g as usize) < words * 64) {
                goal_bits[g as usize / 64] |= 1 << (g % 64);
            }
            let width = self.width.max(1);
            let row = start / width;
            let (mut lo, mut hi) = (start / 64, start / 64 + 1);
            seen[lo] = 1 << (start % 64);
            front[lo] = seen[lo];
            let mut found = false;
            for k in 1..=steps as usize {
                // One row more each way holds every hex a step can reach.
                let (new_lo, new_hi) = (
                    (row.saturating_sub(k) * width / 64).min(lo),
                    ((row + k + 1) * width).div_ceil(64).clamp(hi, words),
                );
                (lo, hi) = (new_lo, new_hi);
                let window = lo..hi;
                self.spread(&front[window.clone()], lo, &mut next[window.clone()], sides);
                let mut any = false;
                for i in window.clone() {
                    let new = next[i]
                        & self.passable[i]
                        & !blocked.get(i).copied().unwrap_or(0)
                        & !seen[i];
                    front[i] = new;
                    seen[i] |= new;
                    any |= new != 0;
                    found |= new & goal_bits[i] != 0;
                }
                if found || !any {
                    break;
                }
            }
            // Left clear for the next flood.
            for i in lo..hi {
                (front[i], seen[i]) = (0, 0);
            }
            for &g in goals.iter().filter(|&&g| (g as usize) < words * 64) {
                goal_bits[g as usize / 64] = 0;
            }
            found
        })
    }

    /// Every hex next to one of `from` (on the map, of any terrain) into
    /// `out`. Both are the words of the map's bit rows from word `base` on,
    /// as many as `from` has: hexes beyond them are left out. `side` is
    /// room for the side steps.
    pub fn spread(&self, from: &[u64], base: usize, out: &mut [u64], side: &mut Sides) {
        let n = from.len();
        let (q, r) = (self.width / 64, (self.width % 64) as u32);
        // The rows up and down are read a row's words (and one) either side
        // of each word: zeros there, so that no read needs a test.
        let pad = q + 1;
        let len = n + 2 * pad;
        if side.up.len() < len {
            side.up.resize(len, 0);
            side.down.resize(len, 0);
        }
        let (up, down) = (&mut side.up[..len], &mut side.down[..len]);
        up[..pad].fill(0);
        up[pad + n..].fill(0);
        down[..pad].fill(0);
        down[pad + n..].fill(0);
        let out = &mut out[..n];
        let range = base..base + n;
        let (up_right, up_left) = (&self.up_right[range.clone()], &self.up_left[range.clone()]);
        let (down_right, down_left) = (
            &self.down_right[range.clone()],
            &self.down_left[range.clone()],
        );
        let on_map = &self.on_map[range];
        // Side steps on the hex's own row: to the next column (a bit up,
        // carried into the next word), and to the one before (a bit down,
        // carried from the next word). The even columns' side steps also go
        // a row up, the odd ones' a row down; every hex steps straight up
        // and down.
        let (mut carry_up, mut carry_down) = (0, 0);
        for i in 0..n {
            let x = from[i];
            let (u, d) = (x & up_right[i], x & down_right[i]);
            let (next_u, next_d) = if i + 1 < n {
                (from[i + 1] & up_left[i + 1], from[i + 1] & down_left[i + 1])
            } else {
                (0, 0)
            };
            let side_up = u << 1 | carry_up | (x & up_left[i]) >> 1 | next_u << 63;
            let side_down = d << 1 | carry_down | (x & down_left[i]) >> 1 | next_d << 63;
            (carry_up, carry_down) = (u >> 63, d >> 63);
            out[i] = side_up | side_down;
            up[pad + i] = side_up | x;
            down[pad + i] = side_down | x;
        }
        // A row up is `width` hex numbers lower: `q` words and `r` bits.
        if r == 0 {
            for i in 0..n {
                out[i] = (out[i] | up[pad + i + q] | down[pad + i - q]) & on_map[i];
            }
        } else {
            for i in 0..n {
                let above = up[pad + i + q] >> r | up[pad + i + q + 1] << (64 - r);
                let below = down[pad + i - q] << r | down[pad + i - q - 1] >> (64 - r);
                out[i] = (out[i] | above | below) & on_map[i];
            }
        }
    }
}

/// Room for [`Lattice::spread`]'s side steps, kept across its calls.
#[derive(Default)]
pub(super) struct Sides {
    up: Vec<u64>,
    down: Vec<u64>,
}

impl Sides {
    pub fn new(lattice: &Lattice) -> Sides {
        let len = lattice.words + 2 * (lattice.width / 64 + 1);
        Sides {
            up: vec![0; len],
            down: vec![0; len],
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::hex::Hex;

    proptest! {
        /// A spread is the hexes next to the given ones on the map, as
        /// [`Hex::neighbors`] has them.
        #[test]
        fn a_spread_is_every_neighbour_on_the_map(
            (w, h, cells) in (1usize..140, 1usize..9).prop_flat_map(|(w, h)| {
                (Just(w), Just(h), prop::collection::vec(0..w * h, 0..12))
            })
        ) {
            let lattice = Lattice::new(w, &vec![1; w * h]);
            let mut from = vec![0u64; lattice.words()];
            for &c in &cells {
                from[c / 64] |= 1 << (c % 64);
            }
            let mut out = vec![0u64; lattice.words()];
            lattice.spread(&from, 0, &mut out, &mut Sides::new(&lattice));
            let mut truth = vec![0u64; lattice.words()];
            for &c in &cells {
                let hex = Hex::new((c % w) as i32, (c / w) as i32);
                for n in hex.neighbors() {
                    if (0..w as i32).contains(&n.col) && (0..h as i32).contains(&n.row) {
                        let i = n.row as usize * w + n.col as usize;
                        truth[i / 64] |= 1 << (i % 64);
                    }
                }
            }
            prop_assert_eq!(out, truth);
        }

        /// A flood finds a goal exactly when a search over
        /// [`Hex::neighbors`] of the open hexes finds one within the steps;
        /// floods one after another (of maps of any size) answer alike.
        #[test]
        fn a_flood_reaches_what_a_search_of_the_neighbours_reaches(
            (w, h, entry, blocked, start, goals) in (1usize..140, 1usize..12)
                .prop_flat_map(|(w, h)| {
                    let n = w * h;
                    (
                        Just(w),
                        Just(h),
                        prop::collection::vec(prop_oneof![1 => Just(0u8), 4 => Just(1), 1 => Just(2)], n),
                        prop::collection::vec(prop::bool::weighted(0.3), n),
                        0..n,
                        prop::collection::vec(0..n, 0..4),
                    )
                }),
            steps in 0u32..30,
        ) {
            let lattice = Lattice::new(w, &entry);
            let mut bits = vec![0u64; lattice.words()];
            for (c, _) in blocked.iter().enumerate().filter(|(_, b)| **b) {
                bits[c / 64] |= 1 << (c % 64);
            }
            let goals: Vec<u32> = goals.iter().map(|&g| g as u32).collect();
            // Breadth first over the neighbours: steps from the start.
            let mut depth = vec![u32::MAX; w * h];
            depth[start] = 0;
            let mut queue = std::collections::VecDeque::from([start]);
            while let Some(c) = queue.pop_front() {
                let hex = Hex::new((c % w) as i32, (c / w) as i32);
                for n in hex.neighbors() {
                    if !(0..w as i32).contains(&n.col) || !(0..h as i32).contains(&n.row) {
                        continue;
                    }
                    let i = n.row as usize * w + n.col as usize;
                    if entry[i] > 0 && !blocked[i] && depth[i] == u32::MAX {
                        depth[i] = depth[c] + 1;
                        queue.push_back(i);
                    }
                }
            }
            let truth = goals.iter().any(|&g| depth[g as usize] <= steps);
            prop_assert_eq!(lattice.reaches(start, steps, &bits, &goals), truth);
        }
    }
}
