// The MLIR snippets of ../shared/spec/bufferization-dialect-conversion-and-deallocation.md that are
// complete programs, updated to today's syntax (func.func, memref.alloc, cf.br, memref.copy for the old
// linalg.copy form). bufopt must parse them and print exactly what mlir-opt-19 prints.
// RUN: bufopt -split-input-file --allow-unregistered-dialect %s | mlir-opt-19 -split-input-file --allow-unregistered-dialect > /dev/null
// RUN: bufopt -split-input-file --allow-unregistered-dialect %s > %t.b && mlir-opt-19 -split-input-file --allow-unregistered-dialect %s > %t.m && diff -u %t.m %t.b

// Snippet 13.
func.func @on_tensors(%arg0: tensor<5xf32>, %arg1: i1) -> (tensor<5xf32>, i1) {
  return %arg0, %arg1 : tensor<5xf32>, i1
}

// -----

// Snippet 14.
func.func @on_buffers(%arg0: memref<5xf32>, %arg1: i1, %out: memref<5xf32>) -> i1 {
  memref.copy %arg0, %out : memref<5xf32> to memref<5xf32>
  return %arg1 : i1
}

// -----

// Snippet 15.
func.func @callee(%arg0: tensor<5xf32>) -> (tensor<5xf32>) {
  return %arg0 : tensor<5xf32>
}

func.func @caller(%arg0: tensor<5xf32>) -> tensor<5xf32> {
  %x = call @callee(%arg0) : (tensor<5xf32>) -> tensor<5xf32>
  return %x : tensor<5xf32>
}

// -----

// Snippet 16.
func.func @callee(%arg0: memref<5xf32>, %out: memref<5xf32>) {
  memref.copy %arg0, %out : memref<5xf32> to memref<5xf32>
  return
}

func.func @caller(%arg0: memref<5xf32>, %out: memref<5xf32>) {
  %0 = memref.alloc() : memref<5xf32>
  call @callee(%arg0, %0) : (memref<5xf32>, memref<5xf32>) -> ()
  memref.copy %0, %out : memref<5xf32> to memref<5xf32>
  return
}

// -----

// Snippet 17.
func.func @callee(%arg0: tuple<tensor<5xf32>,i1>) -> tuple<tensor<5xf32>,i1> {
  return %arg0 : tuple<tensor<5xf32>,i1>
}

func.func @caller(%arg0: tuple<tensor<5xf32>,i1>) -> tuple<tensor<5xf32>,i1> {
  %x = call @callee(%arg0) : (tuple<tensor<5xf32>,i1>) -> tuple<tensor<5xf32>,i1>
  return %x : tuple<tensor<5xf32>,i1>
}

// -----

// Snippet 18.
func.func @callee(%arg0: memref<5xf32>, %arg1: i1, %arg2: memref<5xf32>) -> i1 {
  %0 = "test.make_tuple"(%arg0, %arg1) : (memref<5xf32>, i1) -> tuple<memref<5xf32>, i1>
  %1 = "test.get_tuple_element"(%0) {index = 0 : i32} : (tuple<memref<5xf32>, i1>) -> memref<5xf32>
  %2 = "test.get_tuple_element"(%0) {index = 1 : i32} : (tuple<memref<5xf32>, i1>) -> i1
  memref.copy %1, %arg2 : memref<5xf32> to memref<5xf32>
  return %2 : i1
}
func.func @caller(%arg0: memref<5xf32>, %arg1: i1, %arg2: memref<5xf32>) -> i1 {
  %0 = "test.make_tuple"(%arg0, %arg1) : (memref<5xf32>, i1) -> tuple<memref<5xf32>, i1>
  %1 = "test.get_tuple_element"(%0) {index = 0 : i32} : (tuple<memref<5xf32>, i1>) -> memref<5xf32>
  %2 = "test.get_tuple_element"(%0) {index = 1 : i32} : (tuple<memref<5xf32>, i1>) -> i1
  %3 = memref.alloc() : memref<5xf32>
  %4 = call @callee(%1, %2, %3) : (memref<5xf32>, i1, memref<5xf32>) -> i1
  %5 = "test.make_tuple"(%3, %4) : (memref<5xf32>, i1) -> tuple<memref<5xf32>, i1>
  %6 = "test.get_tuple_element"(%5) {index = 0 : i32} : (tuple<memref<5xf32>, i1>) -> memref<5xf32>
  %7 = "test.get_tuple_element"(%5) {index = 1 : i32} : (tuple<memref<5xf32>, i1>) -> i1
  memref.copy %6, %arg2 : memref<5xf32> to memref<5xf32>
  return %7 : i1
}

// -----

// Snippet 20.
func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %0 = memref.alloc() : memref<2xf32>  // aliases: %1
  "test.use"(%0) : (memref<2xf32>) -> ()
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):  // %1 could be %0 or %arg1
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}

// -----

// Snippet 21.
func.func @condBranch(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>  // moved to bb0
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
   "test.use"(%0) : (memref<2xf32>) -> ()
   cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%1: memref<2xf32>):
  memref.copy %1, %arg2 : memref<2xf32> to memref<2xf32>
  return
}

// -----

// Snippet 22.
func.func @condBranchDynamicType(
  %arg0: i1,
  %arg1: memref<?xf32>,
  %arg2: memref<?xf32>,
  %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3: index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>   // cannot be moved upwards to the data
                                   // dependency to %0
  "test.use"(%1) : (memref<?xf32>) -> ()
  cf.br ^bb3(%1 : memref<?xf32>)
^bb3(%2: memref<?xf32>):
  memref.copy %2, %arg2 : memref<?xf32> to memref<?xf32>
  return
}

// -----

// Snippet 23.
func.func @branch(%arg0: i1) {
  %0 = memref.alloc() : memref<2xf32>  // aliases: %2
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xf32>  // resides here for demonstration purposes
                                // aliases: %2
  cf.br ^bb3(%1 : memref<2xf32>)
^bb2:
  "test.use"(%0) : (memref<2xf32>) -> ()
  cf.br ^bb3(%0 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  return
}

// -----

// Snippet 24.
func.func @branch(%arg0: i1) {
  %0 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  %1 = memref.alloc() : memref<2xf32>
  %3 = memref.alloc() : memref<2xf32>  // temp copy for %1
  memref.copy %1, %3 : memref<2xf32> to memref<2xf32>
  memref.dealloc %1 : memref<2xf32> // %1 can be safely freed here
  cf.br ^bb3(%3 : memref<2xf32>)
^bb2:
  "test.use"(%0) : (memref<2xf32>) -> ()
  %4 = memref.alloc() : memref<2xf32>  // temp copy for %0
  memref.copy %0, %4 : memref<2xf32> to memref<2xf32>
  cf.br ^bb3(%4 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  memref.dealloc %2 : memref<2xf32> // free temp buffer %2
  memref.dealloc %0 : memref<2xf32> // %0 can be safely freed here
  return
}

// -----

// Snippet 25.
func.func @condBranchDynamicType(
  %arg0: i1,
  %arg1: memref<?xf32>,
  %arg2: memref<?xf32>,
  %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3: index)
^bb1:
  cf.br ^bb3(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>  // aliases: %2
  "test.use"(%1) : (memref<?xf32>) -> ()
  cf.br ^bb3(%1 : memref<?xf32>)
^bb3(%2: memref<?xf32>):
  memref.copy %2, %arg2 : memref<?xf32> to memref<?xf32>
  return
}

// -----

// Snippet 27.
func.func @condBranchDynamicTypeNested(
  %arg0: i1,
  %arg1: memref<?xf32>,  // aliases: %3, %4
  %arg2: memref<?xf32>,
  %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3: index)
^bb1:
  cf.br ^bb6(%arg1 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>   // cannot be moved upwards due to the data
                                   // dependency to %0
                                   // aliases: %2, %3, %4
  "test.use"(%1) : (memref<?xf32>) -> ()
  cf.cond_br %arg0, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb4:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb5(%2: memref<?xf32>):  // non-crit. alias of %1, since %1 dominates %2
  cf.br ^bb6(%2 : memref<?xf32>)
^bb6(%3: memref<?xf32>):  // crit. alias of %arg1 and %2 (in other words %1)
  cf.br ^bb7(%3 : memref<?xf32>)
^bb7(%4: memref<?xf32>):  // non-crit. alias of %3, since %3 dominates %4
  memref.copy %4, %arg2 : memref<?xf32> to memref<?xf32>
  return
}
