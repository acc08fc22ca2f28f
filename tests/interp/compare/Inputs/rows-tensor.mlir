// Prints the sum of each row of a 3x4 i64 tensor.
func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %t = arith.constant dense<[[1, 2, 3, -4], [5, 6, 7, 8], [0, 0, 1, 2]]> : tensor<3x4xi64>
  %z = arith.constant 0 : i64
  scf.for %i = %c0 to %c3 step %c1 {
    %row = tensor.extract_slice %t[%i, 0] [1, 4] [1, 1] : tensor<3x4xi64> to tensor<4xi64>
    %s = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i64) {
      %x = tensor.extract %row[%j] : tensor<4xi64>
      %n = arith.addi %acc, %x : i64
      scf.yield %n : i64
    }
    func.call @printI64(%s) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}
