#!/usr/bin/env python3
"""A memref program for timing the clone-based `-buffer-deallocation` and
`-copy-removal`: one function of N sections, each a diamond of blocks (one
side allocates, both pass a buffer to the join), an `scf.if` yielding a
fresh buffer or the function argument, and a copy into a temporary that
is freed in the same block. About 25 ops per section.

With `--structured`, the diamond is an `scf.if` too: mlir-opt-19's pass
searches for CFG back edges along every path (exponential in the number
of sequential diamonds), so it only finishes on that form for large N.

usage: gen_clone_dealloc.py N [--structured]
"""
import sys


def main():
    n = int(sys.argv[1])
    if "--structured" in sys.argv[2:]:
        return structured(n)
    out = ["func.func @f(%c: i1, %arg: memref<4xf32>, %out: memref<4xf32>) {",
           "  %i0 = arith.constant 0 : index",
           "  cf.br ^s0"]
    for k in range(n):
        out.append(f"^s{k}:")
        out.append(f"  cf.cond_br %c, ^l{k}, ^r{k}")
        out.append(f"^l{k}:")
        out.append(f"  %a{k} = memref.alloc() : memref<4xf32>")
        out.append(f"  memref.copy %arg, %a{k} : memref<4xf32> to memref<4xf32>")
        out.append(f"  cf.br ^j{k}(%a{k} : memref<4xf32>)")
        out.append(f"^r{k}:")
        out.append(f"  cf.br ^j{k}(%arg : memref<4xf32>)")
        out.append(f"^j{k}(%m{k}: memref<4xf32>):")
        out.append(f"  %v{k} = memref.load %m{k}[%i0] : memref<4xf32>")
        out.append(f"  memref.store %v{k}, %out[%i0] : memref<4xf32>")
        out.append(f"  %r{k} = scf.if %c -> (memref<4xf32>) {{")
        out.append(f"    %t{k} = memref.alloc() : memref<4xf32>")
        out.append(f"    memref.copy %m{k}, %t{k} : memref<4xf32> to memref<4xf32>")
        out.append(f"    scf.yield %t{k} : memref<4xf32>")
        out.append("  } else {")
        out.append("    scf.yield %arg : memref<4xf32>")
        out.append("  }")
        out.append(f"  %x{k} = memref.alloc() : memref<4xf32>")
        out.append(f"  memref.copy %r{k}, %x{k} : memref<4xf32> to memref<4xf32>")
        out.append(f"  %w{k} = memref.load %x{k}[%i0] : memref<4xf32>")
        out.append(f"  memref.store %w{k}, %out[%i0] : memref<4xf32>")
        out.append(f"  cf.br ^s{k + 1}")
    out.append(f"^s{n}:")
    out.append("  return")
    out.append("}")
    print("\n".join(out))


def structured(n):
    out = ["func.func @f(%c: i1, %arg: memref<4xf32>, %out: memref<4xf32>) {",
           "  %i0 = arith.constant 0 : index"]
    for k in range(n):
        out.append(f"  %m{k} = scf.if %c -> (memref<4xf32>) {{")
        out.append(f"    %a{k} = memref.alloc() : memref<4xf32>")
        out.append(f"    memref.copy %arg, %a{k} : memref<4xf32> to memref<4xf32>")
        out.append(f"    scf.yield %a{k} : memref<4xf32>")
        out.append("  } else {")
        out.append("    scf.yield %arg : memref<4xf32>")
        out.append("  }")
        out.append(f"  %v{k} = memref.load %m{k}[%i0] : memref<4xf32>")
        out.append(f"  memref.store %v{k}, %out[%i0] : memref<4xf32>")
        out.append(f"  %x{k} = memref.alloc() : memref<4xf32>")
        out.append(f"  memref.copy %m{k}, %x{k} : memref<4xf32> to memref<4xf32>")
        out.append(f"  %w{k} = memref.load %x{k}[%i0] : memref<4xf32>")
        out.append(f"  memref.store %w{k}, %out[%i0] : memref<4xf32>")
    out.append("  return")
    out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
