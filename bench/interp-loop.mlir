// Interpreter benchmark: one million iterations of an scf.for over scalar
// integer and float arithmetic (an LCG, xor-folding, a float accumulator),
// printing the results with printI64/printF64.
func.func private @printI64(i64)
func.func private @printF64(f64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000000 : index
  %seed = arith.constant 42 : i64
  %mul = arith.constant 6364136223846793005 : i64
  %inc = arith.constant 1442695040888963407 : i64
  %zero = arith.constant 0 : i64
  %fz = arith.constant 0.0 : f64
  %sh = arith.constant 33 : i64
  %scale = arith.constant 1.0e-9 : f64
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %seed, %acc = %zero, %f = %fz) -> (i64, i64, f64) {
    %y = arith.muli %x, %mul : i64
    %z = arith.addi %y, %inc : i64
    %hi = arith.shrui %z, %sh : i64
    %a = arith.xori %acc, %hi : i64
    %hf = arith.uitofp %hi : i64 to f64
    %g = arith.mulf %hf, %scale : f64
    %f2 = arith.addf %f, %g : f64
    scf.yield %z, %a, %f2 : i64, i64, f64
  }
  call @printI64(%r#0) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%r#1) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printF64(%r#2) : (f64) -> ()
  call @printNewline() : () -> ()
  return
}
