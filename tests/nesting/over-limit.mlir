// Past syntax::parser::MAX_NESTING (1,000,000 levels) the parser reports a
// located error instead of overflowing its stack.
// RUN: python3 -c "import sys; sys.stdout.write('func.func private @f(%%a: ' + 'tuple<' * 1000001 + 'i32' + '>' * 1000001 + ')\n')" > %t.type.mlir
// RUN: not bufopt %t.type.mlir 2> %t.type.err
// RUN: head -n 1 %t.type.err | FileCheck --check-prefix=TYPE %s
// TYPE: type.mlir:1:6000026: error: exceeded the maximum nesting depth of 1000000
// RUN: python3 -c "import sys; sys.stdout.write('\"test.nest\"() ({\n' * 1000001)" > %t.region.mlir
// RUN: not bufopt --allow-unregistered-dialect %t.region.mlir 2>&1 | FileCheck --check-prefix=REGION %s
// REGION: region.mlir:1000001:16: error: exceeded the maximum region nesting depth of 1000000
// RUN: python3 -c "import sys; sys.stdout.write('#m = affine_map<(d0) -> (' + '(' * 1000001 + 'd0' + ')' * 1000001 + ')>\n')" > %t.affine.mlir
// RUN: not bufopt %t.affine.mlir 2> %t.affine.err
// RUN: head -n 1 %t.affine.err | FileCheck --check-prefix=AFFINE %s
// AFFINE: affine.mlir:1:{{[0-9]+}}: error: affine expression nested too deeply
