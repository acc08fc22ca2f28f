#!/usr/bin/env python3
"""Generates one function of about N ops made of deep region nests, the
input on which a dominance query that walks up the region nesting costs
O(depth): each nest is DEPTH levels of alternating scf.if / scf.for, and
every level computes a few ops from the previous level's value and from
values defined at the top of the function (so most operands are defined
many levels above their use). Nests follow each other until N ops.
Usage: gen_deep.py N [DEPTH]  (DEPTH defaults to 500)"""
import sys


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    out = ['module {', '  func.func @deep(%arg0: i32, %arg1: i32) -> i32 {']
    top = '    '
    out += [f'{top}%c0 = arith.constant 0 : i32', f'{top}%c1 = arith.constant 1 : i32',
            f'{top}%lb = arith.constant 0 : index', f'{top}%ub = arith.constant 4 : index',
            f'{top}%st = arith.constant 1 : index']
    ops = 5
    k = 0
    prev = '%arg0'
    while ops < n - 1:
        closers = []
        ind = top
        for level in range(depth):
            if ops >= n - 1:
                break
            k += 1
            if level % 2 == 0:
                out.append(f'{ind}%cond{k} = arith.cmpi slt, {prev}, %arg1 : i32')
                out.append(f'{ind}%n{k} = scf.if %cond{k} -> (i32) {{')
                ops += 2
            else:
                out.append(f'{ind}%n{k} = scf.for %i{k} = %lb to %ub step %st '
                           f'iter_args(%acc{k} = {prev}) -> (i32) {{')
                ops += 1
                prev = f'%acc{k}'
            closers.append((level % 2 == 0, k, prev, ind))
            ind += '  '
            out.append(f'{ind}%a{k} = arith.addi {prev}, %c1 : i32')
            out.append(f'{ind}%b{k} = arith.muli %a{k}, %arg1 : i32')
            out.append(f'{ind}%d{k} = arith.xori %b{k}, %c0 : i32')
            ops += 3
            prev = f'%d{k}'
        for is_if, r, before, ind in reversed(closers):
            out.append(f'{ind}  scf.yield {prev} : i32')
            ops += 1
            if is_if:
                out.append(f'{ind}}} else {{')
                out.append(f'{ind}  scf.yield {before} : i32')
                ops += 1
            out.append(f'{ind}}}')
            prev = f'%n{r}'
    out.append(f'{top}return {prev} : i32')
    out += ['  }', '}']
    sys.stdout.write('\n'.join(out) + '\n')


main()
