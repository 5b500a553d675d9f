//! The bounded, painted hex map.

use thiserror::Error;

use super::coord::Hex;
use super::terrain::{Legend, Scale, Terrain};

/// Largest map side, in hexes ([`crate::limits::MAP_SIDE`]): it bounds
/// memory and keeps every coordinate computation far from overflow.
pub const MAX_SIDE: u16 = crate::limits::MAP_SIDE;

/// Why a map could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MapError {
    #[error("the map has no hexes: give at least one row of at least one character")]
    Empty,
    #[error("the map is {width}x{height} hexes; each side may be at most {MAX_SIDE}")]
    TooLarge { width: usize, height: usize },
    #[error(
        "row {row} has {found} hexes but row 1 has {expected} (mismatch at column {col}): \
         every row needs exactly one character per hex"
    )]
    Ragged {
        row: usize,
        col: usize,
        expected: usize,
        found: usize,
    },
    #[error(
        "unknown map character {ch:?} at row {row}, column {col}: \
         use one of {known:?} or add it to the scenario legend"
    )]
    UnknownChar {
        row: usize,
        col: usize,
        ch: char,
        known: String,
    },
    #[error(
        "map character {ch:?} at row {row}, column {col} means {percent}% cover: \
         cover must be 0 to 100 percent"
    )]
    InvalidCover {
        row: usize,
        col: usize,
        ch: char,
        percent: u8,
    },
}

/// Why a query on a map was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum HexError {
    #[error("hex {hex} is off the map")]
    OutOfBounds { hex: Hex },
    #[error("hex {hex} is blocked and cannot be entered")]
    Impassable { hex: Hex },
    #[error("{percent}% cover is impossible: cover must be 0 to 100 percent")]
    InvalidCover { percent: u8 },
}

/// A rectangular map of flat-top hexes in odd-q offset layout, with one
/// terrain per hex and a scale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexMap {
    width: u16,
    height: u16,
    scale: Scale,
    /// Row-major.
    terrain: Vec<Terrain>,
}

fn checked_size(width: usize, height: usize) -> Result<(u16, u16), MapError> {
    if width == 0 || height == 0 {
        return Err(MapError::Empty);
    }
    match (u16::try_from(width), u16::try_from(height)) {
        (Ok(w), Ok(h)) if w <= MAX_SIDE && h <= MAX_SIDE => Ok((w, h)),
        _ => Err(MapError::TooLarge { width, height }),
    }
}

impl HexMap {
    /// An all-open map at Shakhàn scale.
    pub fn open(width: u16, height: u16) -> Result<HexMap, MapError> {
        let (width, height) = checked_size(width.into(), height.into())?;
        Ok(HexMap {
            width,
            height,
            scale: Scale::default(),
            terrain: vec![Terrain::Open; usize::from(width) * usize::from(height)],
        })
    }

    /// Paints a map: row r is `rows[r]`, column c is its c-th character
    /// (counted in chars, not bytes), looked up in `legend`. Shakhàn scale;
    /// see [`HexMap::with_scale`].
    pub fn from_rows<S: AsRef<str>>(rows: &[S], legend: &Legend) -> Result<HexMap, MapError> {
        let expected = rows.first().map_or(0, |r| r.as_ref().chars().count());
        let (width, height) = checked_size(expected, rows.len())?;
        let mut terrain = Vec::with_capacity(expected * rows.len());
        for (r, line) in rows.iter().enumerate() {
            let row = r + 1;
            let found = line.as_ref().chars().count();
            if found != expected {
                return Err(MapError::Ragged {
                    row,
                    col: found.min(expected) + 1,
                    expected,
                    found,
                });
            }
            for (c, ch) in line.as_ref().chars().enumerate() {
                let col = c + 1;
                let t = legend.get(ch).ok_or_else(|| MapError::UnknownChar {
                    row,
                    col,
                    ch,
                    known: legend.chars(),
                })?;
                if !t.is_valid() {
                    return Err(MapError::InvalidCover {
                        row,
                        col,
                        ch,
                        percent: t.cover_percent(),
                    });
                }
                terrain.push(t);
            }
        }
        Ok(HexMap {
            width,
            height,
            scale: Scale::default(),
            terrain,
        })
    }

    /// The same map measured at another scale.
    pub fn with_scale(mut self, scale: Scale) -> HexMap {
        self.scale = scale;
        self
    }

    pub fn width(&self) -> u16 {
        self.width
    }

    pub fn height(&self) -> u16 {
        self.height
    }

    pub fn scale(&self) -> Scale {
        self.scale
    }

    fn index(&self, hex: Hex) -> Option<usize> {
        let col = usize::try_from(hex.col).ok()?;
        let row = usize::try_from(hex.row).ok()?;
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        (col < w && row < h).then_some(row * w + col)
    }

    pub fn in_bounds(&self, hex: Hex) -> bool {
        self.index(hex).is_some()
    }

    /// Terrain of `hex`, `None` off the map.
    pub fn terrain(&self, hex: Hex) -> Option<Terrain> {
        self.index(hex).map(|i| self.terrain[i])
    }

    pub fn set_terrain(&mut self, hex: Hex, terrain: Terrain) -> Result<(), HexError> {
        if !terrain.is_valid() {
            return Err(HexError::InvalidCover {
                percent: terrain.cover_percent(),
            });
        }
        let i = self.index(hex).ok_or(HexError::OutOfBounds { hex })?;
        self.terrain[i] = terrain;
        Ok(())
    }

    /// Whether a figure may stand in `hex`: on the map and not blocked.
    pub fn is_passable(&self, hex: Hex) -> bool {
        self.terrain(hex).is_some_and(Terrain::is_passable)
    }

    /// Every hex, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        let (w, h) = (i32::from(self.width), i32::from(self.height));
        (0..h).flat_map(move |row| (0..w).map(move |col| Hex::new(col, row)))
    }

    /// The on-map neighbours of `hex`, clockwise from N.
    pub fn neighbors(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        hex.neighbors().into_iter().filter(|&n| self.in_bounds(n))
    }

    /// On-map hexes within `radius` of `centre` (including it), row by row.
    pub fn within(&self, centre: Hex, radius: u32) -> impl Iterator<Item = Hex> + '_ {
        // Within distance r of a hex, the offset row and column each change
        // by at most r, so scan that box clipped to the map.
        let r = i64::from(radius);
        let clip = |v: i64, len: u16| v.clamp(0, i64::from(len)) as i32;
        let cols = clip(i64::from(centre.col) - r, self.width)
            ..clip(i64::from(centre.col) + r + 1, self.width);
        let rows = clip(i64::from(centre.row) - r, self.height)
            ..clip(i64::from(centre.row) + r + 1, self.height);
        rows.flat_map(move |row| cols.clone().map(move |col| Hex::new(col, row)))
            .filter(move |&h| centre.distance(h) <= radius)
    }

    /// Distance in the map's own units (metres or feet).
    pub fn distance_in_units(&self, a: Hex, b: Hex) -> u64 {
        u64::from(a.distance(b)) * u64::from(self.scale.units_per_hex())
    }

    /// Distance in metres, whatever the map's scale.
    pub fn distance_in_metres(&self, a: Hex, b: Hex) -> f64 {
        f64::from(a.distance(b)) * self.scale.metres_per_hex()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn rows(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn paints_terrain_by_row_and_column() {
        let map = HexMap::from_rows(&rows(&[".~#", "%5."]), &Legend::default()).unwrap();
        assert_eq!((map.width(), map.height()), (3, 2));
        assert_eq!(map.terrain(Hex::new(0, 0)), Some(Terrain::Open));
        assert_eq!(map.terrain(Hex::new(1, 0)), Some(Terrain::Poor));
        assert_eq!(map.terrain(Hex::new(2, 0)), Some(Terrain::Blocked));
        assert_eq!(map.terrain(Hex::new(0, 1)), Some(Terrain::Obscured));
        assert_eq!(map.terrain(Hex::new(1, 1)), Some(Terrain::Cover(50)));
        assert_eq!(map.terrain(Hex::new(3, 0)), None);
        assert_eq!(map.terrain(Hex::new(-1, 0)), None);
        assert!(!map.is_passable(Hex::new(2, 0)));
    }

    #[test]
    fn ragged_rows_report_row_and_column() {
        let err = HexMap::from_rows(&["...", "..", "..."], &Legend::default()).unwrap_err();
        assert_eq!(
            err,
            MapError::Ragged {
                row: 2,
                col: 3,
                expected: 3,
                found: 2
            }
        );
        assert!(err.to_string().contains("row 2"));
    }

    #[test]
    fn unknown_char_reports_row_column_and_legend() {
        let err = HexMap::from_rows(&["...", ".é?"], &Legend::default()).unwrap_err();
        assert_eq!(
            err,
            MapError::UnknownChar {
                row: 2,
                col: 2,
                ch: 'é',
                known: "#%.123456789=~".into()
            }
        );
        let msg = err.to_string();
        assert!(
            msg.contains("row 2, column 2") && msg.contains("legend"),
            "{msg}"
        );
    }

    #[test]
    fn invalid_cover_in_legend_is_an_error() {
        let legend = Legend::with_overrides(&BTreeMap::from([('X', Terrain::Cover(120))]));
        let err = HexMap::from_rows(&[".X"], &legend).unwrap_err();
        assert!(matches!(err, MapError::InvalidCover { row: 1, col: 2, .. }));
    }

    #[test]
    fn size_limits() {
        let none: [&str; 0] = [];
        assert_eq!(
            HexMap::from_rows(&none, &Legend::default()),
            Err(MapError::Empty)
        );
        assert_eq!(
            HexMap::from_rows(&[""], &Legend::default()),
            Err(MapError::Empty)
        );
        assert_eq!(HexMap::open(0, 3), Err(MapError::Empty));
        assert!(matches!(
            HexMap::open(MAX_SIDE + 1, 1),
            Err(MapError::TooLarge { .. })
        ));
        assert!(HexMap::open(MAX_SIDE, 1).is_ok());
    }

    #[test]
    fn set_terrain_checks_bounds_and_cover() {
        let mut map = HexMap::open(2, 2).unwrap();
        assert!(map.set_terrain(Hex::new(1, 1), Terrain::Cover(30)).is_ok());
        assert_eq!(map.terrain(Hex::new(1, 1)), Some(Terrain::Cover(30)));
        assert_eq!(
            map.set_terrain(Hex::new(2, 0), Terrain::Open),
            Err(HexError::OutOfBounds {
                hex: Hex::new(2, 0)
            })
        );
        assert_eq!(
            map.set_terrain(Hex::new(0, 0), Terrain::Cover(101)),
            Err(HexError::InvalidCover { percent: 101 })
        );
    }

    #[test]
    fn within_and_neighbors_are_clipped() {
        let map = HexMap::open(10, 10).unwrap();
        assert_eq!(map.within(Hex::new(5, 5), 0).count(), 1);
        assert_eq!(map.within(Hex::new(5, 5), 1).count(), 7);
        assert_eq!(map.within(Hex::new(5, 5), 2).count(), 19);
        assert_eq!(map.within(Hex::new(0, 0), 1).count(), 3);
        assert_eq!(map.within(Hex::new(0, 0), u32::MAX).count(), 100);
        assert_eq!(map.neighbors(Hex::new(0, 0)).count(), 2);
        assert_eq!(map.neighbors(Hex::new(5, 5)).count(), 6);
        assert_eq!(map.hexes().count(), 100);
    }

    #[test]
    fn distances_in_units() {
        let map = HexMap::open(10, 10).unwrap();
        let (a, b) = (Hex::new(0, 0), Hex::new(3, 4));
        // Three columns east gains one row on the way, then three south.
        assert_eq!(a.distance(b), 6);
        assert_eq!(map.distance_in_units(a, b), 6);
        let dq = map.with_scale(Scale::FiveFeet);
        assert_eq!(dq.distance_in_units(a, b), 30);
        assert!((dq.distance_in_metres(a, b) - 9.144).abs() < 1e-9);
    }
}
