#!/usr/bin/env python3
"""A stack of N residual blocks written in TOSA, as a frontend emits a small
ResNet-like network: each block is a 3x3 `tosa.conv2d` (padding 1), a ReLU
(`tosa.clamp`) and the residual `tosa.add`. The batch dimension is static
(1) or dynamic (`?`).

Lower it with mlir-opt-19's own passes to the bufferized memref program the
deallocation pipeline gets (bench/tosa_dealloc.sh):
  mlir-opt-19 --pass-pipeline='builtin.module(func.func(tosa-to-linalg-named,
    tosa-to-linalg,tosa-to-arith,tosa-to-tensor),
    one-shot-bufferize{bufferize-function-boundaries},canonicalize)'

usage: gen_tosa_residual.py N [static|dynamic] [C]   (C channels, default 4)
"""
import sys


def main():
    n = int(sys.argv[1])
    batch = "?" if len(sys.argv) > 2 and sys.argv[2] == "dynamic" else "1"
    c = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    act = f"tensor<{batch}x8x8x{c}xf32>"
    w_ty = f"tensor<{c}x3x3x{c}xf32>"
    b_ty = f"tensor<{c}xf32>"
    out = [f"func.func @net(%x: {act}) -> {act} {{"]
    out.append(f'  %b = "tosa.const"() {{value = dense<0.0> : {b_ty}}} : () -> {b_ty}')
    cur = "%x"
    for k in range(n):
        # Distinct weights per block, as a trained network has them.
        w = 0.01 + 0.001 * (k % 7)
        out.append(f'  %w{k} = "tosa.const"() {{value = dense<{w:.3f}> : {w_ty}}} : () -> {w_ty}')
        out.append(
            f"  %c{k} = tosa.conv2d {cur}, %w{k}, %b {{pad = array<i64: 1, 1, 1, 1>, "
            f"stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>}} : ({act}, {w_ty}, {b_ty}) -> {act}"
        )
        out.append(
            f"  %r{k} = tosa.clamp %c{k} {{min_int = 0 : i64, max_int = 3 : i64, "
            f"min_fp = 0.0 : f32, max_fp = 3.4e38 : f32}} : ({act}) -> {act}"
        )
        out.append(f"  %s{k} = tosa.add %r{k}, {cur} : ({act}, {act}) -> {act}")
        cur = f"%s{k}"
    out.append(f"  return {cur} : {act}")
    out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
