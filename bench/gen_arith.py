#!/usr/bin/env python3
"""Generates a module of N ops for canonicalize/CSE benchmarks: functions of
arith chains with duplicate subexpressions (CSE work), foldable constants
(canonicalize work), dead values, and scf.if / scf.for nesting.
Usage: gen_arith.py N [one-function]"""
import sys

def body(w, n, indent="    "):
    w(f'{indent}%c0 = arith.constant 0 : i32')
    w(f'{indent}%c1 = arith.constant 1 : i32')
    prev = '%arg0'
    i = 0
    while i < n:
        k = i % 6
        if k == 0:
            w(f'{indent}%v{i} = arith.addi {prev}, %arg1 : i32')
        elif k == 1:
            w(f'{indent}%v{i} = arith.addi {prev}, %arg1 : i32')  # CSE candidate of the previous
        elif k == 2:
            w(f'{indent}%v{i} = arith.muli %v{i-1}, %c1 : i32')  # folds to %v{i-1}
        elif k == 3:
            w(f'{indent}%v{i} = arith.addi %c1, %c1 : i32')  # constant folds
        elif k == 4:
            w(f'{indent}%v{i} = arith.xori %v{i-2}, %v{i-1} : i32')
        else:
            w(f'{indent}%dead{i} = arith.subi %v{i-1}, %c0 : i32')  # dead
            w(f'{indent}%v{i} = arith.addi %v{i-1}, %c0 : i32')
        prev = f'%v{i}'
        i += 1
    return prev

def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    one = len(sys.argv) > 2
    out = []
    w = out.append
    w('module {')
    per = n if one else 1000
    for f in range(max(1, n // per)):
        w(f'  func.func @f{f}(%arg0: i32, %arg1: i32) -> i32 {{')
        last = body(w, per - 3)
        w(f'    return {last} : i32')
        w('  }')
    w('}')
    sys.stdout.write('\n'.join(out) + '\n')

main()
