// The ```mlir blocks of ../shared/spec/bufferization-dialect-conversion-and-deallocation.md (40 blocks;
// "Snippet N" is the N-th block, "line L" the line of its opening fence), completed into modules and
// updated to today's syntax: func -> func.func, alloc/alloca/dealloc/dim -> memref.*, constant/cmpi ->
// arith.*, br/cond_br -> cf.br/cf.cond_br, the old linalg.copy(%a, %b) -> memref.copy %a, %b, use(%x) ->
// "test.use"(%x), an elided body "..." -> a "test.elided" op, ops of non-upstream dialects (mhlo, lmhlo,
// custom.*) in generic form. Free SSA names become function arguments.
// bufopt must parse them and print exactly what mlir-opt-19 prints.
//
// Blocks 39 and 40 (linalg.generic) are in dialect-conversion-and-deallocation-linalg.mlir.
// Skipped, because they are C++ and not MLIR (TypeConverter / pattern set-up code):
//   block 3 (line 97):   converter.setResultConversionKind<...>(AppendToArgumentsList)
//   block 6 (line 133):  converter.addDecomposeTypeConversion / addArgumentMaterialization /
//                        addDecomposeValueConversion lambdas
//   block 7 (line 196):  converter.addConversion / setResultConversionKind / addDecomposeTypeConversion
//   block 10 (line 233): converter.setResultConversionKind<...>(KeepAsFunctionResult)
//   block 12 (line 262): patterns->insert<BufferizeFuncOpConverter, BufferizeReturnOpConverter<...>>(...)
// RUN: bufopt -split-input-file --allow-unregistered-dialect %s | mlir-opt-19 -split-input-file --allow-unregistered-dialect > /dev/null
// RUN: bufopt -split-input-file --allow-unregistered-dialect %s > %t.b && mlir-opt-19 -split-input-file --allow-unregistered-dialect %s > %t.m && diff -u %t.m %t.b

// Snippet 1 (line 13; mhlo is not an upstream dialect: generic form).
func.func @func_on_tensors(%source: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "mhlo.exp"(%source) : (tensor<4xf32>) -> (tensor<4xf32>)
  return %0 : tensor<4xf32>
}

// -----

// Snippet 2 (line 22; lmhlo is not an upstream dialect: generic form).
func.func @func_on_buffers(%source: memref<4xf32>, %target: memref<4xf32>) {
  %0 = memref.alloc() : memref<4xf32>
  "lmhlo.exp"(%source, %0) : (memref<4xf32>, memref<4xf32>) -> ()
  "lmhlo.copy"(%0, %target) : (memref<4xf32>, memref<4xf32>) -> ()
  memref.dealloc %0 : memref<4xf32>
  return
}

// -----

// Snippet 4 (line 104; the elided body "..." is a test.elided op).
func.func @func_on_tensors(%arg0: tuple<i1,f32>) -> (tuple<tensor<10xf32>, tensor<5xf32>>) {
  %0 = "test.elided"(%arg0) : (tuple<i1,f32>) -> tuple<tensor<10xf32>, tensor<5xf32>>
  return %0 : tuple<tensor<10xf32>, tensor<5xf32>>
}

// -----

// Snippet 5 (line 112; the elided body "..." is a test.elided op).
func.func @func_on_buffers(%arg0: i1, %arg1: f32, %target0: memref<10xf32>, %target1: memref<5xf32>) {
  "test.elided"(%arg0, %arg1, %target0, %target1) : (i1, f32, memref<10xf32>, memref<5xf32>) -> ()
  return
}

// -----

// Snippet 8 (line 211; the elided body "..." is a test.elided op).
func.func @on_tensors(%arg1: tuple<i1,f32>) -> (tuple<memref<10xf32>, tensor<5xf32>>){
  %0 = "test.elided"(%arg1) : (tuple<i1,f32>) -> tuple<memref<10xf32>, tensor<5xf32>>
  return %0 : tuple<memref<10xf32>, tensor<5xf32>>
}

// -----

// Snippet 9 (line 219; the elided body "..." is a test.elided op).
func.func @on_buffers(%arg0: i1, %arg1: f32, %out: memref<5xf32>) -> memref<10xf32> {
  %0 = "test.elided"(%arg0, %arg1, %out) : (i1, f32, memref<5xf32>) -> memref<10xf32>
  return %0 : memref<10xf32>
}

// -----

// Snippet 11 (line 240; the elided body "..." is a test.elided op).
func.func @on_buffers(%arg0: i1, %arg1: f32) -> (memref<10xf32>, memref<5xf32>) {
  %0:2 = "test.elided"(%arg0, %arg1) : (i1, f32) -> (memref<10xf32>, memref<5xf32>)
  return %0#0, %0#1 : memref<10xf32>, memref<5xf32>
}

// -----

// Snippet 13 (line 272).
func.func @on_tensors(%arg0: tensor<5xf32>, %arg1: i1) -> (tensor<5xf32>, i1) {
  return %arg0, %arg1 : tensor<5xf32>, i1
}

// -----

// Snippet 14 (line 280).
func.func @on_buffers(%arg0: memref<5xf32>, %arg1: i1, %out: memref<5xf32>) -> i1 {
  memref.copy %arg0, %out : memref<5xf32> to memref<5xf32>
  return %arg1 : i1
}

// -----

// Snippet 15 (line 308).
func.func @callee(%arg0: tensor<5xf32>) -> (tensor<5xf32>) {
  return %arg0 : tensor<5xf32>
}

func.func @caller(%arg0: tensor<5xf32>) -> tensor<5xf32> {
  %x = call @callee(%arg0) : (tensor<5xf32>) -> tensor<5xf32>
  return %x : tensor<5xf32>
}

// -----

// Snippet 16 (line 321).
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

// Snippet 17 (line 340).
func.func @callee(%arg0: tuple<tensor<5xf32>,i1>) -> tuple<tensor<5xf32>,i1> {
  return %arg0 : tuple<tensor<5xf32>,i1>
}

func.func @caller(%arg0: tuple<tensor<5xf32>,i1>) -> tuple<tensor<5xf32>,i1> {
  %x = call @callee(%arg0) : (tuple<tensor<5xf32>,i1>) -> tuple<tensor<5xf32>,i1>
  return %x : tuple<tensor<5xf32>,i1>
}

// -----

// Snippet 18 (line 353).
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

// Snippet 19 (line 419; use(%x) is test.use, the elided "..." a test.elided op).
func.func @mixedAllocation(%arg0: i1) {
   %0 = memref.alloca() : memref<2xf32>  // aliases: %2
   %1 = memref.alloc() : memref<2xf32>  // aliases: %2
   cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  "test.use"(%0) : (memref<2xf32>) -> ()
  cf.br ^bb3(%0 : memref<2xf32>)
^bb2:
  "test.use"(%1) : (memref<2xf32>) -> ()
  cf.br ^bb3(%1 : memref<2xf32>)
^bb3(%2: memref<2xf32>):
  "test.elided"(%2) : (memref<2xf32>) -> ()
  return
}

// -----

// Snippet 20 (line 476).
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

// Snippet 21 (line 496).
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

// Snippet 22 (line 518).
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

// Snippet 23 (line 547).
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

// Snippet 24 (line 578).
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

// Snippet 25 (line 607).
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

// Snippet 26 (line 631).
func.func @condBranchDynamicType(
  %arg0: i1,
  %arg1: memref<?xf32>,
  %arg2: memref<?xf32>,
  %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  %c0 = arith.constant 0 : index
  %0 = memref.dim %arg1, %c0 : memref<?xf32>   // dimension operation to parameterize
                                               // the following temp allocation
  %1 = memref.alloc(%0) : memref<?xf32>
  memref.copy %arg1, %1 : memref<?xf32> to memref<?xf32>
  cf.br ^bb3(%1 : memref<?xf32>)
^bb2(%2: index):
  %3 = memref.alloc(%2) : memref<?xf32>
  "test.use"(%3) : (memref<?xf32>) -> ()
  %c0_0 = arith.constant 0 : index
  %4 = memref.dim %3, %c0_0 : memref<?xf32>  // dimension operation to parameterize
                                             // the following temp allocation
  %5 = memref.alloc(%4) : memref<?xf32>
  memref.copy %3, %5 : memref<?xf32> to memref<?xf32>
  memref.dealloc %3 : memref<?xf32>  // %3 can be safely freed here
  cf.br ^bb3(%5 : memref<?xf32>)
^bb3(%6: memref<?xf32>):
  memref.copy %6, %arg2 : memref<?xf32> to memref<?xf32>
  memref.dealloc %6 : memref<?xf32>  // %6 can be safely freed here
  return
}

// -----

// Snippet 27 (line 672).
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

// -----

// Snippet 28 (line 705).
func.func @condBranchDynamicTypeNested(
  %arg0: i1,
  %arg1: memref<?xf32>,
  %arg2: memref<?xf32>,
  %arg3: index) {
  cf.cond_br %arg0, ^bb1, ^bb2(%arg3 : index)
^bb1:
  %c0 = arith.constant 0 : index
  %d0 = memref.dim %arg1, %c0 : memref<?xf32>
  %5 = memref.alloc(%d0) : memref<?xf32>  // temp buffer required due to alias %3
  memref.copy %arg1, %5 : memref<?xf32> to memref<?xf32>
  cf.br ^bb6(%5 : memref<?xf32>)
^bb2(%0: index):
  %1 = memref.alloc(%0) : memref<?xf32>
  "test.use"(%1) : (memref<?xf32>) -> ()
  cf.cond_br %arg0, ^bb3, ^bb4
^bb3:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb4:
  cf.br ^bb5(%1 : memref<?xf32>)
^bb5(%2: memref<?xf32>):
  %c0_0 = arith.constant 0 : index
  %d1 = memref.dim %2, %c0_0 : memref<?xf32>
  %6 = memref.alloc(%d1) : memref<?xf32>  // temp buffer required due to alias %3
  memref.copy %1, %6 : memref<?xf32> to memref<?xf32>
  memref.dealloc %1 : memref<?xf32>
  cf.br ^bb6(%6 : memref<?xf32>)
^bb6(%3: memref<?xf32>):
  cf.br ^bb7(%3 : memref<?xf32>)
^bb7(%4: memref<?xf32>):
  memref.copy %4, %arg2 : memref<?xf32> to memref<?xf32>
  memref.dealloc %3 : memref<?xf32>  // free %3, since %4 is a non-crit. alias of %3
  return
}

// -----

// Snippet 29 (line 757; a fragment: custom.br in generic form, its elided operands "..." dropped,
// the two branching blocks and the elided rest of ^bb1 completed by hand).
func.func @custom_branch(%arg0: i1) {
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.alloc() : memref<2xf32>
  cf.cond_br %arg0, ^bb_a, ^bb_b
^bb_a:
  "custom.br"(%0)[^bb1] : (memref<2xf32>) -> ()
^bb_b:
  "custom.br"(%1)[^bb1] : (memref<2xf32>) -> ()
^bb1(%2: memref<2xf32>):
  "test.elided"(%2) : (memref<2xf32>) -> ()
  return
}

// -----

// Snippet 30 (line 787; custom.region_if / custom.region_if_yield in generic form, one region per
// then/else/join block).
func.func @inner_region_control_flow(
  %arg0 : index,
  %arg1 : index) -> memref<?x?xf32> {
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = "custom.region_if"(%0) ({
  ^bb0(%arg2 : memref<?x?xf32>):  // aliases: %arg4, %1
    "custom.region_if_yield"(%arg2) : (memref<?x?xf32>) -> ()
  }, {
  ^bb0(%arg3 : memref<?x?xf32>):  // aliases: %arg4, %1
    "custom.region_if_yield"(%arg3) : (memref<?x?xf32>) -> ()
  }, {
  ^bb0(%arg4 : memref<?x?xf32>):  // aliases: %1
    "custom.region_if_yield"(%arg4) : (memref<?x?xf32>) -> ()
  }) : (memref<?x?xf32>) -> (memref<?x?xf32>)
  return %1 : memref<?x?xf32>
}

// -----

// Snippet 31 (line 810).
func.func @nested_region_control_flow(%arg0 : index, %arg1 : index) -> memref<?x?xf32> {
  %0 = arith.cmpi eq, %arg0, %arg1 : index
  %1 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %2 = scf.if %0 -> (memref<?x?xf32>) {
    scf.yield %1 : memref<?x?xf32>   // %2 will be an alias of %1
  } else {
    %3 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>  // nested allocation in a div.
                                                       // branch
    "test.use"(%3) : (memref<?x?xf32>) -> ()
    scf.yield %1 : memref<?x?xf32>   // %2 will be an alias of %1
  }
  return %2 : memref<?x?xf32>
}

// -----

// Snippet 32 (line 831).
func.func @nested_region_control_flow(%arg0: index, %arg1: index) -> memref<?x?xf32> {
    %0 = arith.cmpi eq, %arg0, %arg1 : index
    %1 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
    %2 = scf.if %0 -> (memref<?x?xf32>) {
      scf.yield %1 : memref<?x?xf32>
    } else {
      %3 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
      "test.use"(%3) : (memref<?x?xf32>) -> ()
      memref.dealloc %3 : memref<?x?xf32>  // %3 can be safely freed here
      scf.yield %1 : memref<?x?xf32>
    }
    return %2 : memref<?x?xf32>
}

// -----

// Snippet 33 (line 855; custom.region_if in generic form as in snippet 30).
func.func @inner_region_control_flow_div(
  %arg0 : index,
  %arg1 : index) -> memref<?x?xf32> {
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = "custom.region_if"(%0) ({
  ^bb0(%arg2 : memref<?x?xf32>):  // aliases: %arg4, %1
    "custom.region_if_yield"(%arg2) : (memref<?x?xf32>) -> ()
  }, {
  ^bb0(%arg3 : memref<?x?xf32>):
    %2 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>  // aliases: %arg4, %1
    "custom.region_if_yield"(%2) : (memref<?x?xf32>) -> ()
  }, {
  ^bb0(%arg4 : memref<?x?xf32>):  // aliases: %1
    "custom.region_if_yield"(%arg4) : (memref<?x?xf32>) -> ()
  }) : (memref<?x?xf32>) -> (memref<?x?xf32>)
  return %1 : memref<?x?xf32>
}

// -----

// Snippet 34 (line 878; custom.region_if in generic form as in snippet 30).
func.func @inner_region_control_flow_div(
  %arg0 : index,
  %arg1 : index) -> memref<?x?xf32> {
  %0 = memref.alloc(%arg0, %arg0) : memref<?x?xf32>
  %1 = "custom.region_if"(%0) ({
  ^bb0(%arg2 : memref<?x?xf32>):
    %c0 = arith.constant 0 : index  // determine dimension extents for temp allocation
    %2 = memref.dim %arg2, %c0 : memref<?x?xf32>
    %c1 = arith.constant 1 : index
    %3 = memref.dim %arg2, %c1 : memref<?x?xf32>
    %4 = memref.alloc(%2, %3) : memref<?x?xf32>  // temp buffer required due to critic.
                                                 // alias %arg4
    memref.copy %arg2, %4 : memref<?x?xf32> to memref<?x?xf32>
    "custom.region_if_yield"(%4) : (memref<?x?xf32>) -> ()
  }, {
  ^bb0(%arg3 : memref<?x?xf32>):
    %2 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
    %c0 = arith.constant 0 : index  // determine dimension extents for temp allocation
    %3 = memref.dim %2, %c0 : memref<?x?xf32>
    %c1 = arith.constant 1 : index
    %4 = memref.dim %2, %c1 : memref<?x?xf32>
    %5 = memref.alloc(%3, %4) : memref<?x?xf32>  // temp buffer required due to critic.
                                                 // alias %arg4
    memref.copy %2, %5 : memref<?x?xf32> to memref<?x?xf32>
    memref.dealloc %2 : memref<?x?xf32>
    "custom.region_if_yield"(%5) : (memref<?x?xf32>) -> ()
  }, {
  ^bb0(%arg4: memref<?x?xf32>):
    %c0 = arith.constant 0 : index  // determine dimension extents for temp allocation
    %2 = memref.dim %arg4, %c0 : memref<?x?xf32>
    %c1 = arith.constant 1 : index
    %3 = memref.dim %arg4, %c1 : memref<?x?xf32>
    %4 = memref.alloc(%2, %3) : memref<?x?xf32>  // this allocation will be removed by
                                                 // applying the copy removal pass
    memref.copy %arg4, %4 : memref<?x?xf32> to memref<?x?xf32>
    memref.dealloc %arg4 : memref<?x?xf32>
    "custom.region_if_yield"(%4) : (memref<?x?xf32>) -> ()
  }) : (memref<?x?xf32>) -> (memref<?x?xf32>)
  memref.dealloc %0 : memref<?x?xf32>  // %0 can be safely freed here
  return %1 : memref<?x?xf32>
}

// -----

// Snippet 35 (line 934).
func.func @loop_nested_if(
  %lb: index,
  %ub: index,
  %step: index,
  %buf: memref<2xf32>,
  %res: memref<2xf32>) {
  %0 = scf.for %i = %lb to %ub step %step
    iter_args(%iterBuf = %buf) -> memref<2xf32> {
    %1 = arith.cmpi eq, %i, %ub : index
    %2 = scf.if %1 -> (memref<2xf32>) {
      %3 = memref.alloc() : memref<2xf32>  // makes %2 a critical alias due to a
                                           // divergent allocation
      "test.use"(%3) : (memref<2xf32>) -> ()
      scf.yield %3 : memref<2xf32>
    } else {
      scf.yield %iterBuf : memref<2xf32>
    }
    scf.yield %2 : memref<2xf32>
  }
  memref.copy %0, %res : memref<2xf32> to memref<2xf32>
  return
}

// -----

// Snippet 36 (line 972).
func.func @loop_nested_if(
  %lb: index,
  %ub: index,
  %step: index,
  %buf: memref<2xf32>,
  %res: memref<2xf32>) {
  %4 = memref.alloc() : memref<2xf32>
  memref.copy %buf, %4 : memref<2xf32> to memref<2xf32>
  %0 = scf.for %i = %lb to %ub step %step
    iter_args(%iterBuf = %4) -> memref<2xf32> {
    %1 = arith.cmpi eq, %i, %ub : index
    %2 = scf.if %1 -> (memref<2xf32>) {
      %3 = memref.alloc() : memref<2xf32> // makes %2 a critical alias
      "test.use"(%3) : (memref<2xf32>) -> ()
      %5 = memref.alloc() : memref<2xf32> // temp copy due to crit. alias %2
      memref.copy %3, %5 : memref<2xf32> to memref<2xf32>
      memref.dealloc %3 : memref<2xf32>
      scf.yield %5 : memref<2xf32>
    } else {
      %6 = memref.alloc() : memref<2xf32> // temp copy due to crit. alias %2
      memref.copy %iterBuf, %6 : memref<2xf32> to memref<2xf32>
      scf.yield %6 : memref<2xf32>
    }
    %7 = memref.alloc() : memref<2xf32> // temp copy due to crit. alias %iterBuf
    memref.copy %2, %7 : memref<2xf32> to memref<2xf32>
    memref.dealloc %2 : memref<2xf32>
    memref.dealloc %iterBuf : memref<2xf32> // free backedge iteration variable
    scf.yield %7 : memref<2xf32>
  }
  memref.copy %0, %res : memref<2xf32> to memref<2xf32>
  memref.dealloc %0 : memref<2xf32> // free temp copy %0
  return
}

// -----

// Snippet 37 (line 1058).
func.func @dynamic_allocation(%arg0: index, %arg1: index) -> memref<?x?xf32> {
  %7 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  %c0_0 = arith.constant 0 : index
  %8 = memref.dim %7, %c0_0 : memref<?x?xf32>
  %c1_1 = arith.constant 1 : index
  %9 = memref.dim %7, %c1_1 : memref<?x?xf32>
  %10 = memref.alloc(%8, %9) : memref<?x?xf32>
  memref.copy %7, %10 : memref<?x?xf32> to memref<?x?xf32>
  memref.dealloc %7 : memref<?x?xf32>
  return %10 : memref<?x?xf32>
}

// -----

// Snippet 38 (line 1074).
func.func @dynamic_allocation(%arg0: index, %arg1: index) -> memref<?x?xf32> {
  %7 = memref.alloc(%arg0, %arg1) : memref<?x?xf32>
  %c0_0 = arith.constant 0 : index
  %8 = memref.dim %7, %c0_0 : memref<?x?xf32>
  %c1_1 = arith.constant 1 : index
  %9 = memref.dim %7, %c1_1 : memref<?x?xf32>
  return %7 : memref<?x?xf32>
}
