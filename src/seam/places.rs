//! Which figures stand in which hex: the engine's spatial index (issue 19).
//!
//! Who strikes next, who reacts to a figure walking out of a Strike Zone and
//! which card answers whom are asked before every strike and every step, and
//! each looks only at figures within two hexes (the longest reach, 16.10.2).
//! Scanning every figure made each question cost as much as the melee is
//! big (and the whole Attack Phase its square); looking up the hexes within
//! reach keeps each question's cost flat however many fight.
//!
//! Derived state, kept in step only by `apply`: every change of a figure's
//! hex goes through [`Battle::place`](super::Battle), and a debug assertion
//! compares the index with the figures at each use, so every test battle
//! checks it. Every figure is listed, in the fight or not, several to a hex
//! if need be (the dead are stepped over, the fled keep their last hex):
//! the questions filter as they did when they scanned. DragonQuest's battle
//! lists a body of several hexes (29) once in each of its hexes.

use super::FigureId;
use crate::hex::Hex;

/// Every figure's hex, sorted by hex (column, then row) and then figure:
/// the columns within reach are one run, and a hex's figures come in the
/// order of their ids, as a scan of the figures would find them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Places {
    sorted: Vec<(Hex, FigureId)>,
}

impl Places {
    /// The index of figures standing where `at` says.
    pub fn new(at: impl IntoIterator<Item = (FigureId, Hex)>) -> Places {
        let mut sorted: Vec<_> = at.into_iter().map(|(id, h)| (h, id)).collect();
        sorted.sort_unstable();
        Places { sorted }
    }

    /// A figure enters the field at `at`.
    pub fn enter(&mut self, id: FigureId, at: Hex) {
        let i = self.sorted.partition_point(|e| *e < (at, id));
        self.sorted.insert(i, (at, id));
    }

    /// A figure leaves `hex`. Nothing changes when it was not listed there;
    /// the debug assertions at each use would say so.
    pub fn leave(&mut self, id: FigureId, hex: Hex) {
        if let Ok(i) = self.sorted.binary_search(&(hex, id)) {
            self.sorted.remove(i);
        }
    }

    /// A figure goes from `from` to `to`.
    pub fn shift(&mut self, id: FigureId, from: Hex, to: Hex) {
        if from != to {
            self.leave(id, from);
            self.enter(id, to);
        }
    }

    /// The figures in `hex`, by id.
    pub fn at(&self, hex: Hex) -> impl Iterator<Item = FigureId> + '_ {
        let start = self.sorted.partition_point(|&(h, _)| h < hex);
        self.sorted[start..]
            .iter()
            .take_while(move |&&(h, _)| h == hex)
            .map(|&(_, id)| id)
    }

    /// The figures within `radius` hexes of `centre`, each with its
    /// distance, column by column and a hex's by id: callers that care which
    /// comes first order them.
    pub fn near(&self, centre: Hex, radius: u32) -> impl Iterator<Item = (FigureId, u32)> + '_ {
        // A step changes the column or the row by one at most, so the hexes
        // within `radius` lie in the columns and rows `radius` either side:
        // one run of the list, found by one search, the rows filtered as it
        // is walked (asked before every strike: cheaper than a search per
        // column).
        let r = i32::try_from(radius).unwrap_or(i32::MAX);
        let (first, last) = (centre.col.saturating_sub(r), centre.col.saturating_add(r));
        let start = self.sorted.partition_point(|(h, _)| h.col < first);
        self.sorted[start..]
            .iter()
            .take_while(move |(h, _)| h.col <= last)
            .filter(move |(h, _)| h.row.abs_diff(centre.row) <= radius)
            .map(move |&(h, id)| (id, centre.distance(h)))
            .filter(move |&(_, d)| d <= radius)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn hex() -> impl Strategy<Value = Hex> {
        (-3..12i32, -3..12i32).prop_map(|(c, r)| Hex::new(c, r))
    }

    /// What the index answers, worked out by scanning every figure.
    fn scan(at: &[Hex], centre: Hex, radius: u32) -> Vec<FigureId> {
        (0..at.len())
            .filter(|&i| centre.distance(at[i]) <= radius)
            .map(FigureId)
            .collect()
    }

    /// The figures `near` gives, by id, checking the distance it gives.
    fn sorted(
        near: impl Iterator<Item = (FigureId, u32)>,
        at: &[Hex],
        centre: Hex,
    ) -> Vec<FigureId> {
        let mut v: Vec<_> = near
            .inspect(|&(id, d)| assert_eq!(d, centre.distance(at[id.0])))
            .map(|(id, _)| id)
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn figures_sharing_a_hex_are_all_found_in_id_order() {
        let h = Hex::new(4, 4);
        let at = [Hex::new(4, 5), h, Hex::new(9, 9), h];
        let places = Places::new(at.iter().enumerate().map(|(i, &h)| (FigureId(i), h)));
        assert_eq!(places.at(h).collect::<Vec<_>>(), [FigureId(1), FigureId(3)]);
        assert_eq!(
            sorted(places.near(h, 0), &at, h),
            [FigureId(1), FigureId(3)]
        );
        assert_eq!(
            sorted(places.near(h, 1), &at, h),
            [FigureId(0), FigureId(1), FigureId(3)]
        );
    }

    proptest! {
        /// Random moves and entries keep the index equal to one built afresh
        /// from where the figures stand, and every `near` and `at` equal to a
        /// scan of all figures.
        #[test]
        fn moves_keep_the_index_equal_to_a_scan(
            start in prop::collection::vec(hex(), 1..24),
            moves in prop::collection::vec((0..64usize, hex()), 0..40),
            centre in hex(),
            radius in 0..4u32,
        ) {
            let mut at = start;
            let mut places = Places::new(at.iter().enumerate().map(|(i, &h)| (FigureId(i), h)));
            for (who, to) in moves {
                if who >= at.len() {
                    // Past the list: a figure enters, as the Referee adds one.
                    places.enter(FigureId(at.len()), to);
                    at.push(to);
                } else {
                    places.shift(FigureId(who), at[who], to);
                    at[who] = to;
                }
                let fresh = Places::new(at.iter().enumerate().map(|(i, &h)| (FigureId(i), h)));
                prop_assert_eq!(&places, &fresh);
            }
            prop_assert_eq!(sorted(places.near(centre, radius), &at, centre), scan(&at, centre, radius));
            let here: Vec<_> = places.at(centre).collect();
            prop_assert_eq!(here, scan(&at, centre, 0));
        }
    }
}
