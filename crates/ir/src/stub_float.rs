#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FloatKind { BF16, F16, F32, F64 }
impl FloatKind { pub fn bit_width(self) -> u32 { match self { Self::BF16|Self::F16 => 16, Self::F32 => 32, Self::F64 => 64 } } }
