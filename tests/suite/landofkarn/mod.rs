//! Land of Karn: the quick chart's steps played through the engine with
//! scripted dice, the text's worked examples, refusals and determinism.

mod lok_cli;
mod lok_engine;
mod lok_props;
