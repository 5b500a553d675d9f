//! HârnMaster's pure rules over values, each citing the line of the cheat
//! sheet (`/work/shared/seeds/harnmaster-combat-sheet.txt`, "l.N") it
//! follows; dice are passed in.

pub mod eml;
pub mod injury;
pub mod roll;
pub mod skill;
pub mod strike;
pub mod tables;
pub mod terms;
pub mod turn;
