// With allow-return-allocs-from-loops the analysis accepts a loop that
// yields a new buffer, but its memory space must be the init's.
// RUN: bufopt --verify-diagnostics --one-shot-bufferize=allow-return-allocs-from-loops %s
// RUN: mlir-opt-19 --verify-diagnostics --one-shot-bufferize=allow-return-allocs-from-loops %s

func.func @loop_spaces(%n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<8xf32>
  // expected-error @below {{'scf.for' op init_arg and yielded value bufferize to inconsistent memory spaces}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (tensor<8xf32>) {
    %b = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<8xf32>
    // expected-error @below {{failed to bufferize op}}
    scf.yield %b : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
