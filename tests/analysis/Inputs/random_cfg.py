#!/usr/bin/env python3
"""Writes random single-region CFG functions (split by `// -----`) for the
dominance and liveness differential tests against mlir-opt-19. Every block
is reachable from the entry (mlir-opt-19's dominance test pass crashes on
unreachable blocks); blocks may form infinite loops, self loops and
several exits. In `live` mode, the entry block defines values that later
blocks use, and each block defines and uses values of its own.

Usage: random_cfg.py SEED COUNT [dom|live]"""
import random
import sys


def function(rng, index, live):
    n = rng.randint(2, 9)
    while True:
        succ = []
        for _ in range(n):
            r = rng.random()
            if r < 0.15:
                succ.append([])
            elif r < 0.45:
                succ.append([rng.randint(1, n - 1)])
            else:
                succ.append([rng.randint(1, n - 1), rng.randint(1, n - 1)])
        seen = {0}
        stack = [0]
        while stack:
            for s in succ[stack.pop()]:
                if s not in seen:
                    seen.add(s)
                    stack.append(s)
        if len(seen) == n:
            break
    lines = [f"func.func @f{index}(%c: i1) {{"]
    for i in range(n):
        if i > 0:
            lines.append(f"^b{i}:")
        if live:
            if i == 0:
                for k in range(4):
                    lines.append(f'  %e{k} = "test.def"() : () -> i32')
            lines.append(f'  %v{i} = "test.def"() : () -> i32')
            used = [f"%e{k}" for k in range(4) if rng.random() < 0.3] + [f"%v{i}"]
            types = ", ".join("i32" for _ in used)
            lines.append(f'  "test.use"({", ".join(used)}) : ({types}) -> ()')
        s = succ[i]
        if not s:
            lines.append("  return")
        elif len(s) == 1:
            lines.append(f"  cf.br ^b{s[0]}")
        else:
            lines.append(f"  cf.cond_br %c, ^b{s[0]}, ^b{s[1]}")
    lines.append("}")
    return "\n".join(lines)


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    live = len(sys.argv) > 3 and sys.argv[3] == "live"
    rng = random.Random(seed)
    print("\n// -----\n".join(function(rng, i, live) for i in range(count)))


main()
