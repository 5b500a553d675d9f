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
        Lattice {
            width,
            words,
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

    /// Every hex next to one of `from` (on the map, of any terrain) into
    /// `out`. Both are the words of the map's bit rows from word `base` on,
    /// as many as `from` has: hexes beyond them are left out. `side` is
    /// room for the side steps.
    pub fn spread(&self, from: &[u64], base: usize, out: &mut [u64], side: &mut Sides) {
        let n = from.len();
        let (up, down) = (&mut side.up[..n], &mut side.down[..n]);
        let out = &mut out[..n];
        let range = base..base + n;
        let (up_right, up_left) = (&self.up_right[range.clone()], &self.up_left[range.clone()]);
        let (down_right, down_left) = (
            &self.down_right[range.clone()],
            &self.down_left[range.clone()],
        );
        // Side steps on the hex's own row: to the next column (a bit up,
        // carried into the next word), and to the one before (a bit down,
        // carried from the next word).
        let (mut carry_up, mut carry_down) = (0, 0);
        for i in 0..n {
            let x = from[i];
            let (u, d) = (x & up_right[i], x & down_right[i]);
            let (next_u, next_d) = match from.get(i + 1) {
                Some(&y) => (y & up_left[i + 1], y & down_left[i + 1]),
                None => (0, 0),
            };
            up[i] = u << 1 | carry_up | (x & up_left[i]) >> 1 | next_u << 63;
            down[i] = d << 1 | carry_down | (x & down_left[i]) >> 1 | next_d << 63;
            (carry_up, carry_down) = (u >> 63, d >> 63);
        }
        // The even columns' side steps also go a row up, the odd ones' a
        // row down; every hex steps straight up and down.
        for i in 0..n {
            out[i] = up[i] | down[i];
            up[i] |= from[i];
            down[i] |= from[i];
        }
        let (q, r) = (self.width / 64, (self.width % 64) as u32);
        let on_map = &self.on_map[range];
        for i in 0..n {
            let above = toward_lower(up, i + q, r);
            let below = if i >= q {
                toward_higher(down, i - q, r)
            } else {
                0
            };
            out[i] = (out[i] | above | below) & on_map[i];
        }
    }
}

/// Word `i` of `x` shifted `r` bits toward lower hex numbers (beyond its
/// words `x` is empty).
#[inline]
fn toward_lower(x: &[u64], i: usize, r: u32) -> u64 {
    let word = |j: usize| x.get(j).copied().unwrap_or(0);
    if r == 0 {
        word(i)
    } else {
        word(i) >> r | word(i + 1) << (64 - r)
    }
}

/// Word `i` of `x` shifted `r` bits toward higher hex numbers.
#[inline]
fn toward_higher(x: &[u64], i: usize, r: u32) -> u64 {
    if r == 0 {
        x[i]
    } else if i == 0 {
        x[0] << r
    } else {
        x[i] << r | x[i - 1] >> (64 - r)
    }
}

/// Room for [`Lattice::spread`]'s side steps, kept across its calls.
pub(super) struct Sides {
    up: Vec<u64>,
    down: Vec<u64>,
}

impl Sides {
    pub fn new(lattice: &Lattice) -> Sides {
        Sides {
            up: vec![0; lattice.words],
            down: vec![0; lattice.words],
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
    }
}
