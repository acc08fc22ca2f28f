#!/usr/bin/env python3
"""Generates a generic-form MLIR module with about N ops for parse/print
benchmarks: many functions of straight-line arith-like unregistered ops
with attributes, multi-result ops, nested regions and block arguments."""
import sys

def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    per_func = 1000
    out = []
    w = out.append
    w('"builtin.module"() ({')
    funcs = max(1, n // per_func)
    for f in range(funcs):
        w(f'  "func.func"() <{{function_type = (i32, f32) -> i32, sym_name = "f{f}"}}> ({{')
        w('  ^bb0(%arg0: i32, %arg1: f32):')
        w('    %0 = "test.const"() {value = 0 : i32} : () -> i32')
        prev = '%0'
        for i in range(1, per_func - 2):
            k = i % 5
            if k == 0:
                w(f'    %{i} = "test.add"({prev}, %arg0) : (i32, i32) -> i32')
            elif k == 1:
                w(f'    %{i} = "test.mul"({prev}, {prev}) {{fastmath = "fast", tag = [1, 2, 3]}} : (i32, i32) -> i32')
            elif k == 2:
                w(f'    %{i}:2 = "test.pair"({prev}) : (i32) -> (i32, tensor<4x?xf32>)')
                w(f'    "test.use"(%{i}#1, %arg1) : (tensor<4x?xf32>, f32) -> ()')
                continue
            elif k == 3:
                w(f'    %{i} = "test.region"({prev}) ({{')
                w(f'    ^bb0(%a{i}: i32):')
                w(f'      "test.yield"(%a{i}) : (i32) -> ()')
                w(f'    }}) : (i32) -> i32')
            else:
                w(f'    %{i} = "test.cast"({prev}) {{d = dense<[1.5, 2.0]> : tensor<2xf32>}} : (i32) -> i32')
            prev = f'%{i}'
        w(f'    "func.return"({prev}) : (i32) -> ()')
        w('  }) : () -> ()')
    w('}) : () -> ()')
    sys.stdout.write('\n'.join(out) + '\n')

main()
