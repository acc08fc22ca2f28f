#!/usr/bin/env python3
"""One function with one big `bufferization.dealloc`, for timing
`--buffer-deallocation-simplification` (bench/dealloc_simplify.sh).

The dealloc frees N memrefs: the base buffers (`extract_strided_metadata`)
of N distinct `memref.alloc`s, under function-argument conditions, as the
ownership-based deallocation pass emits them. It retains R values: memref
function arguments and `arith.select`s between pairs of the allocations
(so a few memrefs may alias a retained value and the rest split off).

usage: gen_dealloc.py N [R]   (R defaults to 4)
"""
import sys


def main():
    n = int(sys.argv[1])
    r = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    n_args = (r + 1) // 2
    n_sel = r - n_args
    args = ["%c0: i1", "%c1: i1"] + [f"%a{i}: memref<4xf32>" for i in range(n_args)]
    out = [f"func.func @big_dealloc({', '.join(args)}) -> ({', '.join(['i1'] * r)}) {{"]
    out.append("  %f = arith.constant 1.0 : f32")
    out.append("  %i0 = arith.constant 0 : index")
    for i in range(n):
        out.append(f"  %m{i} = memref.alloc() : memref<4xf32>")
        out.append(f"  memref.store %f, %m{i}[%i0] : memref<4xf32>")
        out.append(
            f"  %b{i}, %o{i}, %s{i}, %t{i} = memref.extract_strided_metadata %m{i}"
            " : memref<4xf32> -> memref<f32>, index, index, index"
        )
    retained = [f"%a{i}" for i in range(n_args)]
    for k in range(n_sel):
        x, y = (2 * k) % n, (2 * k + 1) % n
        out.append(f"  %sel{k} = arith.select %c{k % 2}, %m{x}, %m{y} : memref<4xf32>")
        retained.append(f"%sel{k}")
    memrefs = ", ".join(f"%b{i}" for i in range(n))
    conds = ", ".join(f"%c{i % 2}" for i in range(n))
    mtypes = ", ".join(["memref<f32>"] * n)
    rtypes = ", ".join(["memref<4xf32>"] * r)
    res = "%d" if r == 1 else f"%d:{r}"
    out.append(
        f"  {res} = bufferization.dealloc ({memrefs} : {mtypes}) if ({conds})"
        f" retain ({', '.join(retained)} : {rtypes})"
    )
    rets = ["%d"] if r == 1 else [f"%d#{i}" for i in range(r)]
    out.append(f"  return {', '.join(rets)} : {', '.join(['i1'] * r)}")
    out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
