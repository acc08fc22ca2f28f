#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineMap;
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntegerSet;
