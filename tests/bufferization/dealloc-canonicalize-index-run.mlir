// bufopt-run evaluates index.constant like arith.constant.
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %a = index.constant -3
  %b = index.constant 45
  %s = arith.addi %a, %b : index
  %i = arith.index_cast %s : index to i64
  call @printI64(%i) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
// CHECK: 42
