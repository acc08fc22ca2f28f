#!/usr/bin/env python3
"""Generates a bufferized memref module of about N ops with allocations in
loops, branches and unstructured control flow and no deallocation, for
timing buffer-hoisting, buffer-loop-hoisting, promote-buffers-to-stack and
buffer-deallocation (bench/legacy_passes.sh).

Each step (17 ops, 21 with the diamond) has:
- an `scf.for` whose body allocates a static scratch buffer (loop
  hoistable, promotable) and a buffer sized by the loop's induction value
  (held in the loop by its dynamic size), copies into them and reads back;
- an `scf.if` that yields a fresh allocation or the running buffer (moved
  before the `scf.if` by buffer-hoisting; escapes, so not promoted);
- in the `cfg` shape, a diamond of blocks: one branch allocates and passes
  the new buffer to the join block, the other passes the running buffer.

Shapes: `funcs` (default): functions of 174 ops (10 steps) each;
`one`: a single function holding every step, as one long chain of blocks
(`cfg`) so that dominator trees are deep.

usage: gen_hoist.py N [funcs|one]
"""
import sys

TY = "memref<?xf32>"
ST = "memref<4xf32>"


def step(k, cur, out, cfg):
    """Appends step `k` reading the running buffer `cur`; returns the new
    running buffer."""
    out.append(f"  scf.for %i{k} = %c0 to %n step %c1 {{")
    out.append(f"    %s{k} = memref.alloc() : {ST}")
    out.append(f"    %d{k} = memref.alloc(%i{k}) : {TY}")
    out.append(f"    %x{k} = memref.load {cur}[%c0] : {TY}")
    out.append(f"    memref.store %x{k}, %s{k}[%c0] : {ST}")
    out.append(f"    %y{k} = memref.load %s{k}[%c0] : {ST}")
    out.append(f"    memref.store %y{k}, %d{k}[%c0] : {TY}")
    out.append(f"    %z{k} = memref.load %d{k}[%c0] : {TY}")
    out.append(f"    memref.store %z{k}, {cur}[%c0] : {TY}")
    out.append("  }")
    out.append(f"  %v{k} = memref.load {cur}[%c0] : {TY}")
    out.append(f"  %p{k} = arith.cmpf olt, %v{k}, %f : f32")
    out.append(f"  %r{k} = scf.if %p{k} -> ({TY}) {{")
    out.append(f"    %b{k} = memref.alloc(%n) : {TY}")
    out.append(f"    memref.copy {cur}, %b{k} : {TY} to {TY}")
    out.append(f"    scf.yield %b{k} : {TY}")
    out.append("  } else {")
    out.append(f"    scf.yield {cur} : {TY}")
    out.append("  }")
    if not cfg:
        return f"%r{k}"
    out.append(f"  cf.cond_br %p{k}, ^t{k}, ^j{k}(%r{k} : {TY})")
    out.append(f"^t{k}:")
    out.append(f"  %e{k} = memref.alloc(%n) : {TY}")
    out.append(f"  memref.copy %r{k}, %e{k} : {TY} to {TY}")
    out.append(f"  cf.br ^j{k}(%e{k} : {TY})")
    out.append(f"^j{k}(%m{k}: {TY}):")
    return f"%m{k}"


def function(name, steps, cfg, out):
    out.append(f"func.func @{name}(%arg: {TY}, %n: index, %f: f32) -> {TY} {{")
    out.append("  %c0 = arith.constant 0 : index")
    out.append("  %c1 = arith.constant 1 : index")
    cur = "%arg"
    for k in range(steps):
        cur = step(k, cur, out, cfg)
    out.append(f"  return {cur} : {TY}")
    out.append("}")


def main():
    n = int(sys.argv[1])
    shape = sys.argv[2] if len(sys.argv) > 2 else "funcs"
    out = []
    if shape == "one":
        function("f0", max(1, n // 21), True, out)
    else:
        for i in range(max(1, n // 174)):
            function(f"f{i}", 10, False, out)
    print("\n".join(out))


if __name__ == "__main__":
    main()
