#!/usr/bin/env python3
"""Generates a module of about N ops for the canonicalize/CSE and analysis
benchmarks: arith chains with duplicate subexpressions (CSE work), foldable
constants (canonicalize work) and dead values.

Shapes:
  many (default): functions of 1000 ops each;
  one:            a single function holding all N ops, where every ~100
                  chain ops a nest of DEPTH scf.if / scf.for regions opens
                  (each level with its own chain, using values of the
                  enclosing levels). The depth is fixed so that the size of
                  the analyses' printed output stays linear in N.
Usage: gen_arith.py N [one]"""
import sys

DEPTH = 12
PER_LEVEL = 6


class Gen:
    def __init__(self):
        self.out = []
        self.k = 0  # unique name counter
        self.ops = 0

    def w(self, line):
        self.out.append(line)

    def chain(self, prev, count, indent):
        """Emits `count` chain ops starting from `prev`; returns the last value."""
        base = None
        for _ in range(count):
            i = self.k
            self.k += 1
            m = i % 6
            if m == 0:
                self.w(f'{indent}%v{i} = arith.addi {prev}, %arg1 : i32')
                base = prev
            elif m == 1:
                # A duplicate of the previous op (CSE), combined with it.
                self.w(f'{indent}%w{i} = arith.addi {base if base else prev}, %arg1 : i32')
                self.w(f'{indent}%v{i} = arith.xori {prev}, %w{i} : i32')
                self.ops += 1
            elif m == 2:
                self.w(f'{indent}%v{i} = arith.muli {prev}, %c1 : i32')  # folds to its operand
            elif m == 3:
                self.w(f'{indent}%v{i} = arith.addi %c1, %c1 : i32')  # constant folds
                self.w(f'{indent}%x{i} = arith.xori {prev}, %v{i} : i32')
                self.ops += 1
                prev = f'%x{i}'
                self.ops += 1
                continue
            elif m == 4:
                self.w(f'{indent}%dead{i} = arith.subi {prev}, %c0 : i32')  # dead
                self.w(f'{indent}%v{i} = arith.addi {prev}, %c0 : i32')
                self.ops += 1
            else:
                self.w(f'{indent}%v{i} = arith.xori {prev}, %arg0 : i32')
            self.ops += 1
            prev = f'%v{i}'
        return prev

    def nest(self, prev, indent):
        """Emits DEPTH nested regions (alternating scf.if and scf.for), each
        level with a short chain; returns the value the nest produces."""
        closers = []
        for level in range(DEPTH):
            r = self.k
            self.k += 1
            if level % 2 == 0:
                # Each if tests its own condition (one shared i1 would make
                # scf.if's condition propagation quadratic, in MLIR too).
                self.w(f'{indent}%cond{r} = arith.cmpi slt, {prev}, %arg1 : i32')
                self.ops += 1
                self.w(f'{indent}%n{r} = scf.if %cond{r} -> (i32) {{')
                closers.append(('if', r, prev, indent))
            else:
                self.w(f'{indent}%n{r} = scf.for %i{r} = %lb to %ub step %st iter_args(%acc{r} = {prev}) -> (i32) {{')
                closers.append(('for', r, prev, indent))
                prev = f'%acc{r}'
            self.ops += 1
            indent += '  '
            prev = self.chain(prev, PER_LEVEL, indent)
        for kind, r, before, ind in reversed(closers):
            self.w(f'{ind}  scf.yield {prev} : i32')
            self.ops += 1
            if kind == 'if':
                self.w(f'{ind}}} else {{')
                self.w(f'{ind}  scf.yield {before} : i32')
                self.ops += 1
            self.w(f'{ind}}}')
            prev = f'%n{r}'
        return prev


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    one = len(sys.argv) > 2 and sys.argv[2] == 'one'
    g = Gen()
    g.w('module {')
    if one:
        g.w('  func.func @f0(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {')
        ind = '    '
        g.w(f'{ind}%c0 = arith.constant 0 : i32')
        g.w(f'{ind}%c1 = arith.constant 1 : i32')
        g.w(f'{ind}%lb = arith.constant 0 : index')
        g.w(f'{ind}%ub = arith.constant 4 : index')
        g.w(f'{ind}%st = arith.constant 1 : index')
        g.ops += 5
        prev = '%arg0'
        while g.ops < n - 1:
            prev = g.chain(prev, 100, ind)
            if g.ops < n - 1:
                prev = g.nest(prev, ind)
        g.w(f'{ind}return {prev} : i32')
        g.w('  }')
    else:
        per = 1000
        for f in range(max(1, n // per)):
            g.w(f'  func.func @f{f}(%arg0: i32, %arg1: i32) -> i32 {{')
            g.w('    %c0 = arith.constant 0 : i32')
            g.w('    %c1 = arith.constant 1 : i32')
            start = g.ops
            last = g.chain('%arg0', per - 3, '    ')
            # chain() may emit two ops per step; that is fine for the count.
            del start
            g.w(f'    return {last} : i32')
            g.w('  }')
    g.w('}')
    sys.stdout.write('\n'.join(g.out) + '\n')


main()
