//! Reading and writing MLIR's textual format.
//!
//! The lexer, the parser core and the parsers for types, attributes and
//! locations, and their printers with the alias table. The op-level parser,
//! the printer for ops and the source manager build on these.

pub mod affine_parse;
pub mod asm;
pub mod float_text;
pub mod format;
pub mod lexer;
mod numfmt;
pub mod op_parser;
pub mod parse_attr;
pub mod parse_loc;
pub mod parse_type;
pub mod parser;
pub mod print_attr;
pub mod printer;
pub mod source;
pub mod verify;

pub use lexer::{Lexer, Token, TokenKind, TokenStream};
pub use parser::{PResult, ParseError, Parser};
pub use print_attr::{AliasTable, AttrPrintOptions, Elision};
