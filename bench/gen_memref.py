#!/usr/bin/env python3
"""Generates a bufferized (memref) module of about N ops with no deallocation,
as One-Shot Bufferize leaves it, for timing the deallocation and buffer
passes (bench/dealloc_pipeline.sh, bench/legacy_passes.sh).

Two shapes:
- `funcs`: functions of about 100 ops each. Each is a chain of steps: a
  `memref.alloc` filled with a copy of the running buffer, an `scf.if` that
  yields a new allocation or the old one, an `scf.for` whose iteration
  argument is a fresh allocation each iteration, and an `arith.select`
  between memrefs. Every function calls the previous one at its end.
- `cfg`: one function whose body is a chain of diamonds in unstructured
  control flow: each diamond allocates, branches on a loaded value, and
  passes either a new allocation or the old one to the next block.

Both are accepted by mlir-opt-19's `--buffer-deallocation-pipeline` (which
may still crash on big `cfg` inputs). Op counts include terminators and the
ops nested in regions.

usage: gen_memref.py N [funcs|cfg]
"""
import sys

TY = "memref<?xf32>"


def step(k, cur, out):
    """One straight-line step of a `funcs` body; returns the new running
    buffer. 17 ops."""
    out.append(f"    %a{k} = memref.alloc(%n) : {TY}")
    out.append(f"    memref.copy {cur}, %a{k} : {TY} to {TY}")
    out.append(f"    %v{k} = memref.load %a{k}[%c0] : {TY}")
    out.append(f"    %p{k} = arith.cmpf olt, %v{k}, %f : f32")
    out.append(f"    %i{k} = scf.if %p{k} -> ({TY}) {{")
    out.append(f"      %b{k} = memref.alloc(%n) : {TY}")
    out.append(f"      memref.copy %a{k}, %b{k} : {TY} to {TY}")
    out.append(f"      scf.yield %b{k} : {TY}")
    out.append("    } else {")
    out.append(f"      scf.yield %a{k} : {TY}")
    out.append("    }")
    out.append(f"    %l{k} = scf.for %iv{k} = %c0 to %c2 step %c1 iter_args(%it{k} = %i{k}) -> ({TY}) {{")
    out.append(f"      %t{k} = memref.alloc(%n) : {TY}")
    out.append(f"      memref.copy %it{k}, %t{k} : {TY} to {TY}")
    out.append(f"      %x{k} = memref.load %t{k}[%c0] : {TY}")
    out.append(f"      %y{k} = arith.addf %x{k}, %f : f32")
    out.append(f"      memref.store %y{k}, %t{k}[%c0] : {TY}")
    out.append(f"      scf.yield %t{k} : {TY}")
    out.append("    }")
    out.append(f"    %s{k} = arith.select %p{k}, %l{k}, %a{k} : {TY}")
    return f"%s{k}"


def funcs(n):
    out = []
    steps_per_func = 6  # 6 * 17 + 7 = 109 ops a function
    n_funcs = max(1, n // (steps_per_func * 17 + 7))
    for i in range(n_funcs):
        out.append(f"  func.func @f{i}(%arg0: {TY}, %n: index) -> {TY} {{")
        out.append("    %c0 = arith.constant 0 : index")
        out.append("    %c1 = arith.constant 1 : index")
        out.append("    %c2 = arith.constant 2 : index")
        out.append("    %f = arith.constant 1.0 : f32")
        cur = "%arg0"
        for k in range(steps_per_func):
            cur = step(k, cur, out)
        if i > 0:
            out.append(f"    %r = func.call @f{i - 1}({cur}, %n) : ({TY}, index) -> {TY}")
            cur = "%r"
        out.append(f"    return {cur} : {TY}")
        out.append("  }")
    return out


def cfg(n):
    out = []
    diamonds = max(1, n // 11)
    out.append(f"  func.func @cfg(%arg0: {TY}, %n: index) -> {TY} {{")
    out.append("    %c0 = arith.constant 0 : index")
    out.append("    %f = arith.constant 1.0 : f32")
    out.append(f"    cf.br ^bb0(%arg0 : {TY})")
    for k in range(diamonds):
        out.append(f"  ^bb{k}(%cur{k}: {TY}):")
        out.append(f"    %a{k} = memref.alloc(%n) : {TY}")
        out.append(f"    memref.copy %cur{k}, %a{k} : {TY} to {TY}")
        out.append(f"    %v{k} = memref.load %a{k}[%c0] : {TY}")
        out.append(f"    %p{k} = arith.cmpf olt, %v{k}, %f : f32")
        out.append(f"    cf.cond_br %p{k}, ^t{k}, ^bb{k + 1}(%a{k} : {TY})")
        out.append(f"  ^t{k}:")
        out.append(f"    %b{k} = memref.alloc(%n) : {TY}")
        out.append(f"    memref.copy %a{k}, %b{k} : {TY} to {TY}")
        out.append(f"    %y{k} = arith.addf %v{k}, %f : f32")
        out.append(f"    memref.store %y{k}, %b{k}[%c0] : {TY}")
        out.append(f"    cf.br ^bb{k + 1}(%b{k} : {TY})")
    out.append(f"  ^bb{diamonds}(%res: {TY}):")
    out.append(f"    return %res : {TY}")
    out.append("  }")
    return out


def main():
    n = int(sys.argv[1])
    shape = sys.argv[2] if len(sys.argv) > 2 else "funcs"
    body = {"funcs": funcs, "cfg": cfg}[shape](n)
    print("module {")
    print("\n".join(body))
    print("}")


if __name__ == "__main__":
    main()
