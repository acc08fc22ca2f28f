#!/usr/bin/env python3
"""Generates a module of about N ops spread over functions of about 100
tensor ops each that call each other, for the symbol-table benchmark
(bench/symbols.sh): every function calls CALLS other functions (earlier and
later ones, so the verifier and the call graph resolve forward references
too), inside scf.if regions, between tensor.extract_slice/insert_slice,
linalg.fill, linalg.generic and scf.for loops. Both bufopt and mlir-opt-19
accept the output. Op counts include nested ops and terminators (a
linalg.fill counts its implicit linalg.yield).

Usage: gen_many_funcs.py N"""
import sys

# One "step" of a function body; `{cur}` is the running tensor, `{p}` a
# unique prefix, `{callee}` the function called.
STEP = """\
    %{p}e = tensor.extract_slice {cur}[%c4] [16] [1] : tensor<64xf32> to tensor<16xf32>
    %{p}f = linalg.fill ins(%arg1 : f32) outs(%{p}e : tensor<16xf32>) -> tensor<16xf32>
    %{p}g = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel"]}} ins(%{p}f : tensor<16xf32>) outs(%{p}e : tensor<16xf32>) {{
    ^bb0(%in: f32, %out: f32):
      %{p}a = arith.addf %in, %out : f32
      linalg.yield %{p}a : f32
    }} -> tensor<16xf32>
    %{p}i = tensor.insert_slice %{p}g into {cur}[%c8] [16] [1] : tensor<16xf32> into tensor<64xf32>
    %{p}c = arith.cmpi slt, %arg2, %c4 : index
    %{p}r = scf.if %{p}c -> (tensor<64xf32>) {{
      %{p}k = func.call @f{callee}(%{p}i, %arg1, %arg2) : (tensor<64xf32>, f32, index) -> tensor<64xf32>
      scf.yield %{p}k : tensor<64xf32>
    }} else {{
      scf.yield %{p}i : tensor<64xf32>
    }}
    %{p}l = scf.for %iv = %c0 to %arg2 step %c1 iter_args(%acc = %{p}r) -> (tensor<64xf32>) {{
      %{p}x = tensor.extract_slice %acc[%iv] [4] [1] : tensor<64xf32> to tensor<4xf32>
      %{p}y = linalg.fill ins(%cst : f32) outs(%{p}x : tensor<4xf32>) -> tensor<4xf32>
      %{p}z = tensor.insert_slice %{p}y into %acc[%iv] [4] [1] : tensor<4xf32> into tensor<64xf32>
      scf.yield %{p}z : tensor<64xf32>
    }}
"""
# extract 1, fill 2, generic 3, insert 1, cmpi 1, if 4, for 6.
STEP_OPS = 18
STEPS = 5
CALLS = STEPS
# func, 5 constants, return.
FUNC_OPS = 1 + 5 + 1 + STEPS * STEP_OPS

HEAD = """\
  func.func @f{i}(%arg0: tensor<64xf32>, %arg1: f32, %arg2: index) -> tensor<64xf32> {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %cst = arith.constant 1.000000e+00 : f32
"""


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    funcs = max(1, n // FUNC_OPS)
    out = sys.stdout
    out.write("#id = affine_map<(d0) -> (d0)>\nmodule {\n")
    for i in range(funcs):
        out.write(HEAD.format(i=i))
        cur = "%arg0"
        for s in range(STEPS):
            # Spread the callees over the module, before and after this function.
            callee = (i * 7919 + s * 104729 + 1) % funcs
            p = f"s{s}"
            out.write(STEP.format(p=p, cur=cur, callee=callee))
            cur = f"%{p}l"
        out.write(f"    func.return {cur} : tensor<64xf32>\n  }}\n")
    out.write("}\n")


if __name__ == "__main__":
    main()
