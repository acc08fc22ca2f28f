// A shift by the bit width or more yields poison in `arith`, not undefined
// behaviour: the program goes on, and a lane that never observes the value
// is unaffected. TOSA's lowering of a rounding `arithmetic_right_shift`
// relies on this: it computes `x >> (s - 1)` for every shift `s` and masks
// the lanes where `s` is 0 (there `s - 1` is -1, an out-of-range amount).
// The printed results equal mlir-cpu-runner-19's on the same program.
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// RUN: bufopt %s | mlir-opt-19 -o /dev/null
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

// CHECK: [4,  2,  1,  0,  -2,  -1,  7,  -7]
func.func @main() {
  %x = arith.constant dense<[7, 7, 7, 7, -7, -7, 7, -7]> : tensor<8xi32>
  %s = arith.constant dense<[1, 2, 3, 31, 2, 3, 0, 0]> : tensor<8xi32>
  %e = tensor.empty() : tensor<8xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x, %s : tensor<8xi32>, tensor<8xi32>) outs(%e : tensor<8xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %shifted = arith.shrsi %a, %b : i32
    %pos = arith.cmpi sgt, %b, %c0 : i32
    %bm1 = arith.subi %b, %c1 : i32
    // Poison where %b is 0; masked by %pos below.
    %half = arith.shrsi %a, %bm1 : i32
    %bit = arith.trunci %half : i32 to i1
    %round = arith.andi %pos, %bit : i1
    %inc = arith.extui %round : i1 to i32
    %sum = arith.addi %shifted, %inc : i32
    linalg.yield %sum : i32
  } -> tensor<8xi32>
  %m = bufferization.to_memref %r read_only : memref<8xi32>
  %u = memref.cast %m : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
