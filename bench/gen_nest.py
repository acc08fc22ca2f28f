#!/usr/bin/env python3
"""Generates a module that nests DEPTH levels deep, to check that bufopt
neither crashes nor slows down quadratically on deep nesting (see
`syntax::parser::MAX_NESTING`). Lines are not indented, so the file grows
linearly with DEPTH. KIND is one of:
  if        nested `scf.if %c { ... }` in a function, each on a condition
            of its own (an unknown op's result, so nothing folds)
  exec      nested `scf.execute_region -> i32 { ... scf.yield }`
  for       nested one-trip `scf.for` loops with an iter_arg each, each
            adding one, called by @main (for bufopt-run): prints DEPTH
  generic   nested unregistered `"test.nest"() ({ ... }) : () -> ()`
            (needs --allow-unregistered-dialect)
  tuple     a function argument of type tuple<tuple<...<i32>...>>
  fntype    a function argument of type () -> (() -> (... -> i32))
  array     a discardable attribute [[[...[1]...]]] on a function
  dict      a discardable attribute {a = {a = ... {a = 1} ...}}
  affine    an affine map whose result is ((((d0)))) parenthesised
  loc       a function whose location is callsite(... at callsite(...))
Usage: gen_nest.py KIND DEPTH"""
import sys


def main():
    kind, depth = sys.argv[1], int(sys.argv[2])
    w = sys.stdout.write
    if kind == 'if':
        w('func.func @f() -> i32 {\n%z = arith.constant 0 : i32\n')
        w(''.join(f'%c{i} = "test.cond"() : () -> i1\nscf.if %c{i} {{\n' for i in range(depth)))
        w('%x = arith.addi %z, %z : i32\n"test.use"(%x) : (i32) -> ()\n')
        w('}\n' * depth)
        w('return %z : i32\n}\n')
    elif kind == 'exec':
        w('func.func @f(%a: i32) -> i32 {\n')
        w('%r = scf.execute_region -> i32 {\n' * depth)
        w('%x = arith.addi %a, %a : i32\nscf.yield %x : i32\n')
        w('}\nscf.yield %r : i32\n' * (depth - 1))
        w('}\nreturn %r : i32\n}\n')
    elif kind == 'for':
        w('func.func @f(%v: i32) -> i32 {\n%lb = arith.constant 0 : index\n'
          '%ub = arith.constant 1 : index\n%one = arith.constant 1 : i32\n')
        w(''.join(f'%r{k} = scf.for %i{k} = %lb to %ub step %ub iter_args(%v{k} = %v{k - 1 if k else ""}) '
                  '-> (i32) {\n' for k in range(depth)))
        w(f'%x = arith.addi %v{depth - 1}, %one : i32\nscf.yield %x : i32\n')
        w(''.join(f'}}\n%s{k} = arith.addi %r{k}, %one : i32\nscf.yield %s{k} : i32\n'
                  for k in range(depth - 1, 0, -1)))
        w('}\nreturn %r0 : i32\n}\n')
        w('func.func @main() {\n%z = arith.constant 0 : i32\n%r = call @f(%z) : (i32) -> i32\n'
          'vector.print %r : i32\nreturn\n}\n')
    elif kind == 'generic':
        w('"test.nest"() ({\n' * depth)
        w('"test.leaf"() : () -> ()\n')
        w('}) : () -> ()\n' * depth)
    elif kind == 'tuple':
        w('func.func private @f(%a: ' + 'tuple<' * depth + 'i32' + '>' * depth + ')\n')
    elif kind == 'fntype':
        w('func.func private @f(%a: ' + '() -> (' * depth + 'i32' + ')' * depth + ')\n')
    elif kind == 'array':
        w('func.func private @f() attributes {a = ' + '[' * depth + '1' + ']' * depth + '}\n')
    elif kind == 'dict':
        w('func.func private @f() attributes {a = ' + '{a = ' * depth + '1' + '}' * depth + '}\n')
    elif kind == 'affine':
        w('#m = affine_map<(d0) -> (' + '(' * depth + 'd0' + ')' * depth + ')>\n')
        w('func.func private @f() attributes {m = #m}\n')
    elif kind == 'loc':
        w('func.func private @f() loc(' + 'callsite("a" at ' * depth + '"b"' + ')' * depth + ')\n')
    else:
        sys.exit(f'gen_nest.py: unknown kind {kind}')


main()
