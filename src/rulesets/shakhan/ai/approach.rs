//! Who could come at whom this round, worked out once per side and round
//! for every figure of the side at once (issue 19): a figure's orders read
//! the hexes round its own instead of searching the map afresh.
//!
//! [`Approaches::threats`] sweeps out from every enemy at once: for every
//! hex, the enemies that could get there this round with the most Action
//! Points to spare (16.9.7, each by its own way round the hexes others
//! hold), and what getting there costs each. A figure reads the hexes within
//! each enemy's reach of it to know who could strike it, and (the way back
//! costing about the same) the hexes within its own reach to know whom it
//! could get at and at what cost.
//!
//! The sweep is over hexes, not poses: a figure's facing changes a way's
//! cost by a pivot or two, which the orders add back only where it decides
//! (already in reach, turned away). Each hex keeps [`WAYS`] enemies, those
//! with the most Action Points to spare, and no more unless more tie for the
//! last place (which one of them to forget would be an accident of order),
//! so that the work per hex stays the same however many fight: a figure
//! reads several hexes, so
//! it sees more than three (and every enemy next to it, whose own hex holds
//! it alone), but a figure of high TCA facing many enemies from one side may
//! not count the one with the least to spare among its threats. Three, not
//! four: the sweep fills nearly every hex of an open field, so its work is
//! about proportional to the ways kept, and a fourth changed no shipped
//! scenario's winner beyond noise (BENCHMARKS.md, issue 19's fifth pass).
//! Moving ([`super::moves`]) still searches poses, from where the figure
//! stands in each Action Phase.

use std::cell::RefCell;
use std::rc::Rc;

use super::HexSet;
use super::field::Ground;
use super::lattice::Sides;
use crate::hex::Hex;
use crate::seam::FigureId;

/// Enemies kept per hex (more when they tie for the last place).
pub(super) const WAYS: usize = 3;

/// One enemy's cheapest way at a hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Way {
    pub figure: FigureId,
    pub cost: u32,
}

/// Where a sweep starts from: one figure's hex, at cost 0, and the most a
/// way of its may cost.
#[derive(PartialEq, Eq)]
pub(super) struct Source {
    pub figure: FigureId,
    pub cell: u32,
    pub limit: u32,
}

/// The [`WAYS`] enemies with the most room left at the hexes a sweep wanted
/// (and each enemy at its own hex).
pub(super) struct Approaches {
    width: i32,
    height: i32,
    /// `WAYS` slots per hex number, most room first; `kept[cell]` are filled.
    ways: Vec<Slot>,
    kept: Vec<u8>,
    /// Ways beyond `WAYS` at a hex, tied with its last slot, by hex number.
    ties: Vec<(u32, Slot)>,
}

/// A kept [`Way`], small: a sweep reads and writes thousands.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    figure: u32,
    cost: u32,
}

/// What a sweep was asked: the same question gets the same answer.
struct Asked {
    ground: Rc<Ground>,
    sources: Vec<Source>,
    taken: HexSet,
    wanted: Vec<u32>,
}

/// Sweeps kept on a thread: a batch of battles of one scenario asks the
/// first rounds' again and again (nothing has been rolled that moved anyone).
/// At most this many, and of at most [`KEPT_CELLS`] hexes together (a large
/// map keeps one).
const KEPT: usize = 16;
const KEPT_CELLS: usize = 1 << 18;

thread_local! {
    static ANSWERED: RefCell<Vec<(Asked, Rc<Approaches>)>> = const { RefCell::new(Vec::new()) };
}

impl Approaches {
    /// [`Approaches::threats`], answered from this thread's last few sweeps
    /// when it was asked the same.
    pub fn kept(
        ground: &Rc<Ground>,
        sources: Vec<Source>,
        taken: &HexSet,
        wanted: Vec<u32>,
    ) -> Rc<Approaches> {
        ANSWERED.with_borrow_mut(|kept| {
            let same = |(a, _): &(Asked, Rc<Approaches>)| {
                Rc::ptr_eq(&a.ground, ground)
                    && a.sources == sources
                    && a.wanted == wanted
                    && a.taken == *taken
            };
            if let Some(k) = kept.iter().position(same) {
                // The newest last: the one asked longest ago makes room.
                let hit = kept.remove(k);
                let answer = hit.1.clone();
                kept.push(hit);
                return answer;
            }
            let answer = Rc::new(Approaches::threats(
                ground,
                &sources,
                taken,
                wanted.iter().copied(),
            ));
            let (width, height) = ground.size();
            let most = KEPT
                .min(KEPT_CELLS / (width * height).max(1) as usize)
                .max(1);
            while kept.len() >= most {
                kept.remove(0);
            }
            let asked = Asked {
                ground: ground.clone(),
                sources,
                taken: taken.clone(),
                wanted,
            };
            kept.push((asked, answer.clone()));
            answer
        })
    }

    /// Shakhàn 16.9.7: where each of `sources` (enemies, from the hex each
    /// stands in) could get, in Action Points, never through a hex another
    /// figure holds (`taken`), each no farther than its own limit.
    ///
    /// A multi-source Dijkstra over hexes that settles each hex once per
    /// source, up to [`WAYS`] sources. Sources are taken in order of the
    /// room they have left (their limit less the cost so far): each starts
    /// behind the one of the longest limit by the difference, so every way
    /// is followed to the same horizon, and a source's way through a hex that
    /// already keeps `WAYS` ways with more room is never among the `WAYS`
    /// with the most room anywhere past it. Every way that comes to a hex
    /// still keeping fewer than `WAYS` is kept, so enemies tied for its last
    /// place are all kept, whatever order they come in.
    ///
    /// Each source's frontier is a bit row of the map
    /// ([`super::lattice::Lattice`]): a step of the sweep moves all of it at
    /// once, 64 hexes to a word, so a sweep that fills an open field costs a
    /// few word operations per source and Action Point instead of a visit to
    /// every hex it reaches. A source's bits cover only the rows it could
    /// reach (a step costs at least 1), so on a large map it costs no more
    /// than its part within reach.
    ///
    /// Only the hexes `wanted` are kept, and the sweep stops once each keeps
    /// `WAYS` ways, or one for each source if there are fewer (in a melee,
    /// soon: the enemies next to a figure fill the hexes round it at once).
    /// A hex someone holds is never filled, so none is wanted; an enemy's
    /// own hex keeps it.
    pub fn threats(
        ground: &Ground,
        sources: &[Source],
        taken: &HexSet,
        wanted: impl IntoIterator<Item = u32>,
    ) -> Approaches {
        // Enemies only, so fewer than a battle's figures.
        debug_assert!(sources.len() <= MOST_SOURCES);
        let sources = &sources[..sources.len().min(MOST_SOURCES)];
        let (width, height) = ground.size();
        let cells = (width * height).max(0) as usize;
        let lattice = ground.lattice();
        let words = lattice.words();
        let mut held = taken.bits.clone();
        held.resize(words, 0);
        let mut want = vec![0u64; words];
        for cell in wanted.into_iter().map(|c| c as usize) {
            if cell < cells {
                want[cell / 64] |= 1 << (cell % 64) & !held[cell / 64];
            }
        }
        let mut out = Approaches {
            width,
            height,
            ways: vec![Slot::default(); cells * WAYS],
            kept: vec![0; cells],
            ties: Vec::new(),
        };
        let mut count = Count::new(words);
        let horizon = sources.iter().map(|s| s.limit).max().unwrap_or(0);
        let mut fronts: Vec<Front> = (sources.iter())
            .map(|s| Front::new(s, horizon, width.max(1) as usize, words))
            .collect();
        let mut bits = vec![0u64; fronts.iter().map(|f| f.len() * (1 + RING)).sum()];
        let mut arrived = vec![0u64; words];
        let mut reached = vec![0u64; words];
        let mut sides = Sides::new(lattice);
        // The hex a figure holds is its alone, whenever the sweep stops.
        let mut base = 0;
        for (front, source) in fronts.iter_mut().zip(sources) {
            front.base = base;
            base += front.len() * (1 + RING);
            let cell = source.cell as usize;
            if taken.has_cell(source.cell) {
                let (i, b) = (cell / 64, 1u64 << (cell % 64));
                bits[front.base + i - front.lo] |= b;
                count.add(i, b);
                out.keep(i, b, front.figure, 0);
            }
        }
        let full = WAYS.min(sources.len());
        let mut pending = 0usize;
        let mut unjoined = sources.len();
        let mut at = 0u32;
        // Hexes full before this cost: every way that comes to a hex still
        // open at this cost is kept, so that enemies tied for its last place
        // are all kept, whatever their order.
        let mut closed = vec![0u64; words];
        while (pending > 0 || unjoined > 0) && !count.complete(&want, full) {
            let slot = at as usize % RING;
            closed.copy_from_slice(&count.full);
            for (s, front) in fronts.iter_mut().enumerate() {
                let joins = front.behind == at;
                if !front.waiting[slot] && !joins {
                    continue;
                }
                if front.waiting[slot] {
                    front.waiting[slot] = false;
                    pending -= 1;
                }
                let (lo, len) = (front.lo, front.len());
                let (mine, ring) =
                    bits[front.base..front.base + len * (1 + RING)].split_at_mut(len);
                let ways = &mut ring[slot * len..(slot + 1) * len];
                // A source steps on from its own hex even when it holds it.
                let mut from_start = None;
                if joins {
                    unjoined -= 1;
                    let cell = sources[s].cell as usize;
                    let (j, b) = (cell / 64 - lo, 1u64 << (cell % 64));
                    ways[j] |= b;
                    from_start = Some((j, b));
                }
                // Ways of this cost lie within as many rows of the source
                // (a step costs at least 1 and changes the row by at most
                // one), and their steps one row more: only those words are
                // looked at.
                let part = front.part(at - front.behind, width.max(1) as usize);
                let (first, last) = (part.start, part.end);
                let window = lo + first..lo + last;
                let (closed, held, want) = (
                    &closed[window.clone()],
                    &held[window.clone()],
                    &want[window.clone()],
                );
                let (mine, ways) = (&mut mine[part.clone()], &mut ways[part.clone()]);
                let (arrived, reached) = (&mut arrived[part.clone()], &mut reached[part.clone()]);
                // Settle what arrives, and step on from it (nobody steps on
                // from another's hex).
                let mut any = 0;
                for j in 0..last - first {
                    let a = ways[j] & !(mine[j] | closed[j]);
                    ways[j] = 0;
                    if a != 0 {
                        count.add(lo + first + j, a);
                        out.keep(lo + first + j, a & want[j], front.figure, at - front.behind);
                        mine[j] |= a;
                    }
                    arrived[j] = a & !held[j];
                    any |= arrived[j];
                }
                if let Some((j, b)) = from_start {
                    arrived[j - first] |= b;
                    any |= b;
                }
                if any == 0 {
                    continue;
                }
                lattice.spread(arrived, lo + first, reached, &mut sides);
                let filled = &count.full[window];
                for j in 0..last - first {
                    reached[j] &= !(held[j] | filled[j] | mine[j]);
                }
                for (ap, hexes) in lattice.entry() {
                    let cost = at + ap;
                    if cost > horizon {
                        continue;
                    }
                    let slot = cost as usize % RING;
                    let ways = &mut ring[slot * len + first..slot * len + last];
                    let mut any = false;
                    for ((way, r), h) in ways.iter_mut().zip(&*reached).zip(&hexes[lo + first..]) {
                        let new = r & h;
                        *way |= new;
                        any |= new != 0;
                    }
                    if any && !front.waiting[slot] {
                        front.waiting[slot] = true;
                        pending += 1;
                    }
                }
            }
            at += 1;
        }
        // By hex number, each hex's in the order they came (stable).
        out.ties.sort_by_key(|&(cell, _)| cell);
        out
    }

    /// The enemies kept at `hex`, those with the most room left first: at a
    /// hex the sweep wanted, or the hex an enemy holds (itself, at no cost,
    /// among them); elsewhere none are kept.
    pub fn at(&self, hex: Hex) -> impl Iterator<Item = Way> + '_ {
        let on_map = (0..self.width).contains(&hex.col) && (0..self.height).contains(&hex.row);
        let cell = if on_map {
            (hex.row * self.width + hex.col) as usize
        } else {
            0
        };
        let n = if on_map {
            usize::from(self.kept[cell])
        } else {
            0
        };
        let tied = if n == WAYS {
            let first = self.ties.partition_point(|&(c, _)| (c as usize) < cell);
            let last = first + self.ties[first..].partition_point(|&(c, _)| c as usize == cell);
            &self.ties[first..last]
        } else {
            &[]
        };
        (self.ways[cell * WAYS..cell * WAYS + n].iter())
            .chain(tied.iter().map(|(_, s)| s))
            .map(|s| Way {
                figure: FigureId(s.figure as usize),
                cost: s.cost,
            })
    }

    /// Keeps the ways of `figure` at the hexes of bit word `i` given by
    /// `hexes` at `cost`, behind those kept there before: in a slot while
    /// the hex has one free, else among the ties.
    fn keep(&mut self, i: usize, hexes: u64, figure: u32, cost: u32) {
        let mut rest = hexes;
        while rest != 0 {
            let cell = i * 64 + rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let slot = Slot { figure, cost };
            let n = &mut self.kept[cell];
            if usize::from(*n) < WAYS {
                self.ways[cell * WAYS + usize::from(*n)] = slot;
                *n += 1;
            } else {
                self.ties.push((cell as u32, slot));
            }
        }
    }
}

/// One source's part of a sweep: the words of the map's bit rows within
/// its reach, and where in the sweep's bits its own start (the hexes it
/// has settled, then a ring of [`RING`] costs of hexes its ways reach).
struct Front {
    figure: u32,
    /// The source's row.
    row: usize,
    /// The cost at which it joins the sweep (its limit short of the horizon).
    behind: u32,
    lo: usize,
    hi: usize,
    base: usize,
    /// Whether any way is queued in each bucket of the ring.
    waiting: [bool; RING],
}

impl Front {
    fn new(source: &Source, horizon: u32, width: usize, words: usize) -> Front {
        let row = source.cell as usize / width;
        let reach = source.limit as usize;
        let first = row.saturating_sub(reach) * width;
        let last = ((row + reach + 1) * width).min(words * 64);
        Front {
            figure: u32::try_from(source.figure.0).unwrap_or(u32::MAX),
            row,
            behind: horizon - source.limit,
            lo: first / 64,
            hi: last.div_ceil(64).clamp(first / 64 + 1, words),
            base: 0,
            waiting: [false; RING],
        }
    }

    fn len(&self) -> usize {
        self.hi - self.lo
    }

    /// Its words (from its first) that hold the hexes within `steps` + 1
    /// rows of the source, on a map `width` hexes wide.
    fn part(&self, steps: u32, width: usize) -> std::ops::Range<usize> {
        let rows = steps as usize + 1;
        let first = self.row.saturating_sub(rows) * width / 64;
        let last = (self.row + rows + 1).saturating_mul(width).div_ceil(64);
        first.clamp(self.lo, self.hi) - self.lo..last.clamp(self.lo, self.hi) - self.lo
    }
}

/// How many ways each hex keeps, 0 to [`WAYS`], as two planes of bits,
/// and the hexes that keep `WAYS`.
struct Count {
    ones: Vec<u64>,
    twos: Vec<u64>,
    full: Vec<u64>,
}

const _: () = assert!(WAYS == 3, "Count holds 0 to 3");

impl Count {
    fn new(words: usize) -> Count {
        Count {
            ones: vec![0; words],
            twos: vec![0; words],
            full: vec![0; words],
        }
    }

    /// One more way at each hex of word `i` given by `hexes`; a full hex
    /// stays full.
    #[inline]
    fn add(&mut self, i: usize, hexes: u64) {
        let more = hexes & !self.full[i];
        self.twos[i] |= self.ones[i] & more;
        self.ones[i] ^= more;
        self.full[i] = self.ones[i] & self.twos[i];
    }

    /// Whether every hex of `want` keeps `ways` ways (0 to [`WAYS`]).
    fn complete(&self, want: &[u64], ways: usize) -> bool {
        let enough = |(ones, twos): (&u64, &u64)| match ways {
            0 => !0,
            1 => ones | twos,
            2 => *twos,
            _ => ones & twos,
        };
        (want.iter())
            .zip(self.ones.iter().zip(&self.twos).map(enough))
            .all(|(w, e)| w & !e == 0)
    }
}

/// Sources a sweep follows at most (one bit each): no battle has more
/// figures.
const MOST_SOURCES: usize = 64;

const _: () = assert!(crate::limits::FIGURES <= MOST_SOURCES);

/// Buckets in the ring: more than the dearest hex step.
const RING: usize = 4;

const _: () = {
    let costs = crate::rulesets::shakhan::rules::STEP_COSTS;
    assert!(costs.forward * costs.poor_multiplier < RING as u32);
};

#[cfg(test)]
mod tests {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::hex::{HexMap, Pose, Step, Terrain};

    /// One source's cheapest cost to every hex, by a heap search of its
    /// own that follows the rules [`Approaches`] states.
    fn alone(ground: &Ground, map: &HexMap, source: &Source, taken: &HexSet) -> Vec<Option<u32>> {
        let (w, h) = ground.size();
        let mut cost = vec![None; (w * h) as usize];
        let mut heap = BinaryHeap::from([Reverse((0, source.cell))]);
        while let Some(Reverse((c, cell))) = heap.pop() {
            if cost[cell as usize].is_some() {
                continue;
            }
            cost[cell as usize] = Some(c);
            if taken.has_cell(cell) && cell != source.cell {
                continue;
            }
            let hex = ground.hex(cell);
            for next in map.neighbors(hex) {
                let Ok((_, ap)) = map.try_step(
                    Pose::new(hex, hex.facing_toward(next).unwrap()),
                    Step::Forward,
                    &crate::rulesets::shakhan::rules::STEP_COSTS,
                ) else {
                    continue;
                };
                let next = ground.cell(next).unwrap();
                if !taken.has_cell(next) && c + ap <= source.limit {
                    heap.push(Reverse((c + ap, next)));
                }
            }
        }
        cost
    }

    fn terrain() -> impl Strategy<Value = Terrain> {
        prop_oneof![
            6 => Just(Terrain::Open),
            2 => Just(Terrain::Poor),
            1 => Just(Terrain::Blocked),
        ]
    }

    type Case = (u16, u16, Vec<Terrain>, Vec<bool>, Vec<(u32, u32)>);

    fn case() -> impl Strategy<Value = Case> {
        (2u16..70, 2u16..14).prop_flat_map(|(w, h)| {
            let n = usize::from(w) * usize::from(h);
            let cell = 0..n as u32;
            (
                Just(w),
                Just(h),
                prop::collection::vec(terrain(), n),
                prop::collection::vec(prop::bool::weighted(0.15), n),
                prop::collection::vec((cell, 0u32..25), 1..9),
            )
        })
    }

    /// A sweep asked again with the same sources, held hexes and wanted
    /// hexes is the kept one; any difference asks afresh.
    #[test]
    fn the_same_sweep_is_answered_from_the_kept_ones() {
        let map = Arc::new(HexMap::open(6, 6).unwrap());
        let ground = Ground::of(&map);
        let sources = || {
            vec![Source {
                figure: FigureId(1),
                cell: 0,
                limit: 9,
            }]
        };
        let mut taken = HexSet::empty(&map);
        let first = Approaches::kept(&ground, sources(), &taken, vec![20, 21]);
        let again = Approaches::kept(&ground, sources(), &taken, vec![20, 21]);
        assert!(Rc::ptr_eq(&first, &again));
        taken.insert(Hex::new(1, 1));
        let other = Approaches::kept(&ground, sources(), &taken, vec![20, 21]);
        assert!(!Rc::ptr_eq(&first, &other));
        let fresh = Approaches::threats(&ground, &sources(), &taken, [20, 21]);
        for cell in [20, 21] {
            let hex = ground.hex(cell);
            assert_eq!(
                other.at(hex).collect::<Vec<_>>(),
                fresh.at(hex).collect::<Vec<_>>()
            );
        }
    }

    proptest! {
        /// Shakhàn 16.9.7 (issue 19): at every hex the sweep keeps the
        /// [`WAYS`] sources with the most room left (as many as reach it,
        /// when fewer) and every source tied with the last of them, each at
        /// its own cheapest cost, as a search of each source alone with the
        /// map's own steps finds it.
        #[test]
        fn s16_9_7_sweeps_keep_the_ways_with_most_room_at_their_cheapest(
            (w, h, terrains, held, specs) in case(),
            wanted in prop::option::of(prop::collection::vec(any::<prop::sample::Index>(), 1..6)),
        ) {
            let mut map = HexMap::open(w, h).unwrap();
            for (hex, t) in map.hexes().collect::<Vec<_>>().into_iter().zip(&terrains) {
                map.set_terrain(hex, *t).unwrap();
            }
            let map = Arc::new(map);
            let ground = Ground::of(&map);
            let set = |bits: &[bool]| {
                let mut s = HexSet::empty(&map);
                for (hex, _) in map.hexes().zip(bits).filter(|(_, b)| **b) {
                    s.insert(hex);
                }
                s
            };
            let taken = set(&held);
            let sources: Vec<Source> = specs
                .iter()
                .filter(|(cell, _)| map.is_passable(ground.hex(*cell)))
                .enumerate()
                .map(|(k, (cell, limit))| Source {
                    figure: FigureId(k),
                    cell: *cell,
                    limit: *limit,
                })
                .collect();
            // Every hex wanted, or a few (complete only there).
            let cells = map.hexes().count();
            let wanted: Vec<u32> = match &wanted {
                Some(few) => few.iter().map(|i| i.index(cells) as u32).collect(),
                None => (0..cells as u32).collect(),
            };
            let swept = Approaches::threats(&ground, &sources, &taken, wanted.iter().copied());
            let truth: Vec<_> = sources.iter().map(|s| alone(&ground, &map, s, &taken)).collect();
            // A figure's own hex, held, is known whenever the sweep stops.
            for source in &sources {
                if taken.has_cell(source.cell) {
                    let kept: Vec<Way> = swept.at(ground.hex(source.cell)).collect();
                    let own = Way { figure: source.figure, cost: 0 };
                    prop_assert!(kept.contains(&own) || kept.len() == WAYS);
                }
            }
            // Held hexes are never wanted.
            for &cell in wanted.iter().filter(|&&c| !taken.has_cell(c)) {
                let (hex, cell) = (ground.hex(cell), cell as usize);
                // (room left, figure, cost) of every source that gets here.
                let mut reaching: Vec<(u32, usize, u32)> = sources
                    .iter()
                    .zip(&truth)
                    .filter_map(|(s, t)| t[cell].map(|c| (s.limit - c, s.figure.0, c)))
                    .collect();
                reaching.sort_by_key(|&(room, fig, _)| (Reverse(room), fig));
                // The WAYS with the most room, and every one tied with the
                // last of them, each at its cheapest: whatever their order.
                let last = reaching.get(WAYS.min(reaching.len()).wrapping_sub(1)).map(|r| r.0);
                let mut expected: Vec<(usize, u32)> = (reaching.iter())
                    .filter(|r| last.is_some_and(|l| r.0 >= l))
                    .map(|r| (r.1, r.2))
                    .collect();
                expected.sort_unstable();
                let mut kept: Vec<(usize, u32)> =
                    swept.at(hex).map(|w| (w.figure.0, w.cost)).collect();
                kept.sort_unstable();
                prop_assert_eq!(kept, expected, "{:?}", hex);
            }
        }
    }
}
