// rows-memref.mlir with an off-by-one loop bound: the last row is skipped.
func.func private @printI64(i64)
func.func private @printNewline()
memref.global "private" constant @t : memref<3x4xi64> = dense<[[1, 2, 3, -4], [5, 6, 7, 8], [0, 0, 1, 2]]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %t = memref.get_global @t : memref<3x4xi64>
  %z = arith.constant 0 : i64
  scf.for %i = %c0 to %c3 step %c1 {
    %row = memref.subview %t[%i, 0] [1, 4] [1, 1] : memref<3x4xi64> to memref<4xi64, strided<[1], offset: ?>>
    %s = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i64) {
      %x = memref.load %row[%j] : memref<4xi64, strided<[1], offset: ?>>
      %n = arith.addi %acc, %x : i64
      scf.yield %n : i64
    }
    func.call @printI64(%s) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}
