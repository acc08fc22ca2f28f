#!/usr/bin/env python3
"""Tensor programs of about N ops for the One-Shot Bufferize benchmark.

Usage: gen_one_shot.py N SHAPE, SHAPE one of
  insert     one function: a chain of tensor.insert into one tensor
  slices     one function: insert_slice of computed tiles into disjoint slices
  generic    one function: a chain of linalg.generic on one destination
  fanout     one function: many extract_slices of one tensor, each read
  loops      one function: nested scf.for / scf.if with tensor iter_args
  funcs      many functions of about 100 ops, calling each other
  versions   one function: reads of older versions of a tensor (forces copies)
"""
import sys

n, shape = int(sys.argv[1]), sys.argv[2]
out = []
w = out.append
MAP = "affine_map<(d0) -> (d0)>"


def header(name="main", arg="%t0: tensor<1024xf32>", res="tensor<1024xf32>"):
    w(f"func.func @{name}({arg}) -> {res} {{")
    w("  %f = arith.constant 1.0 : f32")


if shape == "insert":
    header()
    per = 2
    for i in range(n // per):
        w(f"  %c{i} = arith.constant {i % 1024} : index")
        w(f"  %t{i + 1} = tensor.insert %f into %t{i}[%c{i}] : tensor<1024xf32>")
    w(f"  return %t{n // per} : tensor<1024xf32>")
    w("}")
elif shape == "slices":
    k = n // 3
    size = max(k, 1) * 4
    header(arg=f"%t0: tensor<{size}xf32>", res=f"tensor<{size}xf32>")
    w("  %e = tensor.empty() : tensor<4xf32>")
    for i in range(k):
        w(f"  %v{i} = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>")
        w(f"  %t{i + 1} = tensor.insert_slice %v{i} into %t{i}[{4 * i}] [4] [1] : tensor<4xf32> into tensor<{size}xf32>")
    w(f"  return %t{k} : tensor<{size}xf32>")
    w("}")
elif shape == "generic":
    header()
    k = n // 3
    for i in range(k):
        w(f"  %t{i + 1} = linalg.generic {{indexing_maps = [{MAP}], iterator_types = [\"parallel\"]}}"
          f" outs(%t{i} : tensor<1024xf32>) {{")
        w("  ^bb0(%o: f32):")
        w("    %s = arith.addf %o, %f : f32")
        w("    linalg.yield %s : f32")
        w("  } -> tensor<1024xf32>")
    w(f"  return %t{k} : tensor<1024xf32>")
    w("}")
elif shape == "fanout":
    header(res="f32")
    w("  %c0 = arith.constant 0 : index")
    w("  %acc0 = arith.constant 0.0 : f32")
    k = n // 3
    for i in range(k):
        w(f"  %s{i} = tensor.extract_slice %t0[{i % 1000}] [8] [1] : tensor<1024xf32> to tensor<8xf32>")
        w(f"  %x{i} = tensor.extract %s{i}[%c0] : tensor<8xf32>")
        w(f"  %acc{i + 1} = arith.addf %acc{i}, %x{i} : f32")
    w(f"  return %acc{k} : f32")
    w("}")
elif shape == "loops":
    header(arg="%t0: tensor<1024xf32>, %b: i1")
    w("  %c0 = arith.constant 0 : index")
    w("  %c1 = arith.constant 1 : index")
    w("  %c4 = arith.constant 4 : index")
    k = n // 12
    for i in range(k):
        w(f"  %t{i + 1} = scf.for %i{i} = %c0 to %c4 step %c1 iter_args(%a{i} = %t{i}) -> (tensor<1024xf32>) {{")
        w(f"    %r{i} = scf.if %b -> (tensor<1024xf32>) {{")
        w(f"      %u{i} = tensor.insert %f into %a{i}[%i{i}] : tensor<1024xf32>")
        w(f"      scf.yield %u{i} : tensor<1024xf32>")
        w("    } else {")
        w(f"      %x{i} = tensor.extract %a{i}[%i{i}] : tensor<1024xf32>")
        w(f"      %y{i} = arith.addf %x{i}, %f : f32")
        w(f"      %v{i} = tensor.insert %y{i} into %a{i}[%c0] : tensor<1024xf32>")
        w(f"      scf.yield %v{i} : tensor<1024xf32>")
        w("    }")
        w(f"    scf.yield %r{i} : tensor<1024xf32>")
        w("  }")
    w(f"  return %t{k} : tensor<1024xf32>")
    w("}")
elif shape == "funcs":
    nf = max(n // 100, 1)
    for j in range(nf):
        w(f"func.func @f{j}(%t0: tensor<64xf32>) -> tensor<64xf32> {{")
        w("  %f = arith.constant 1.0 : f32")
        w("  %e = tensor.empty() : tensor<8xf32>")
        cur = "%t0"
        if j > 0:
            w(f"  %called = call @f{j - 1}(%t0) : (tensor<64xf32>) -> tensor<64xf32>")
            cur = "%called"
        for i in range(24):
            w(f"  %v{i} = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>")
            w(f"  %s{i} = tensor.extract_slice {cur}[{(i % 7) * 8}] [8] [1] : tensor<64xf32> to tensor<8xf32>")
            w(f"  %c{i} = arith.constant {i % 64} : index")
            w(f"  %t{i + 1} = tensor.insert_slice %v{i} into {cur}[{(i % 8) * 8}] [8] [1] : tensor<8xf32> into tensor<64xf32>")
            cur = f"%t{i + 1}"
        w(f"  return {cur} : tensor<64xf32>")
        w("}")
elif shape == "versions":
    header(res="f32")
    w("  %c0 = arith.constant 0 : index")
    w("  %acc0 = arith.constant 0.0 : f32")
    k = n // 4
    for i in range(k):
        w(f"  %t{i + 1} = tensor.insert %f into %t{i}[%c0] : tensor<1024xf32>")
        w(f"  %x{i} = tensor.extract %t{i}[%c0] : tensor<1024xf32>")
        w(f"  %acc{i + 1} = arith.addf %acc{i}, %x{i} : f32")
    w(f"  return %acc{k} : f32")
    w("}")
else:
    sys.exit(f"unknown shape {shape}")
print("\n".join(out))
