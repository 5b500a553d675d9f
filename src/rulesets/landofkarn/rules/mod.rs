//! Land of Karn's rules over values: tables as data, rolls and their levels,
//! damage through armour, split actions and the modifiers the text names.

pub mod actions;
pub mod damage;
pub mod roll;
pub mod tables;
pub mod terms;
