#!/usr/bin/env python3
"""Generates a module of about N ops, most of them linalg named ops in custom
syntax as frontends emit them (matmul, batch_matmul, conv_2d_nhwc_hwcf,
depthwise conv, pooling, elementwise add/max, transpose, broadcast, fill,
reduce, softmax), chained on tensors in functions of about 1,000 ops, for the
parse+print benchmark of issue 21 (bench/parse_print.sh with GEN=linalg)."""
import sys


def block(w, i, prev):
    """Writes one group of ops consuming `prev` (a tensor<8x16xf32>) and
    returns the new value name and the number of ops written."""
    a = f'%v{i}'
    w(f'    {a}e = tensor.empty() : tensor<8x16xf32>')
    w(f'    {a}f = linalg.fill ins(%cst : f32) outs({a}e : tensor<8x16xf32>) -> tensor<8x16xf32>')
    w(f'    {a}m = linalg.matmul ins({prev}, %w : tensor<8x16xf32>, tensor<16x16xf32>) outs({a}f : tensor<8x16xf32>) -> tensor<8x16xf32>')
    w(f'    {a}a = linalg.add ins({a}m, {prev} : tensor<8x16xf32>, tensor<8x16xf32>) outs({a}e : tensor<8x16xf32>) -> tensor<8x16xf32>')
    w(f'    {a}x = linalg.max ins({a}a, {a}f : tensor<8x16xf32>, tensor<8x16xf32>) outs({a}e : tensor<8x16xf32>) -> tensor<8x16xf32>')
    w(f'    {a}te = tensor.empty() : tensor<16x8xf32>')
    w(f'    {a}t = linalg.transpose ins({a}x : tensor<8x16xf32>) outs({a}te : tensor<16x8xf32>) permutation = [1, 0]')
    w(f'    {a}be = tensor.empty() : tensor<2x16x8xf32>')
    w(f'    {a}b = linalg.broadcast ins({a}t : tensor<16x8xf32>) outs({a}be : tensor<2x16x8xf32>) dimensions = [0]')
    w(f'    {a}bm = linalg.batch_matmul ins({a}b, %bw : tensor<2x16x8xf32>, tensor<2x8x16xf32>) outs(%bo : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>')
    w(f'    {a}c = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}} ins(%img, %flt : tensor<1x10x10x4xf32>, tensor<3x3x4x8xf32>) outs(%co : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>')
    w(f'    {a}d = linalg.depthwise_conv_2d_nhwc_hwc {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}} ins(%img, %dfl : tensor<1x10x10x4xf32>, tensor<3x3x4xf32>) outs(%dco : tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>')
    w(f'    {a}p = linalg.pooling_nhwc_max {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}} ins(%img, %win : tensor<1x10x10x4xf32>, tensor<3x3xf32>) outs(%dco : tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>')
    w(f'    {a}re = tensor.empty() : tensor<8xf32>')
    w(f'    {a}r = linalg.reduce ins({a}x : tensor<8x16xf32>) outs({a}re : tensor<8xf32>) dimensions = [1]')
    w(f'      (%in{i}: f32, %init{i}: f32) {{')
    w(f'        %s{i} = arith.addf %in{i}, %init{i} : f32')
    w(f'        linalg.yield %s{i} : f32')
    w(f'      }}')
    w(f'    {a}s = linalg.softmax dimension(1) ins({a}x : tensor<8x16xf32>) outs({a}e : tensor<8x16xf32>) -> tensor<8x16xf32>')
    return f'{a}s', 18


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    per_func = 1000
    out = []
    w = out.append
    w('module {')
    funcs = max(1, n // per_func)
    for f in range(funcs):
        w(f'  func.func @f{f}(%x: tensor<8x16xf32>, %w: tensor<16x16xf32>, %bw: tensor<2x8x16xf32>, '
          f'%bo: tensor<2x16x16xf32>, %img: tensor<1x10x10x4xf32>, %flt: tensor<3x3x4x8xf32>, '
          f'%co: tensor<1x8x8x8xf32>, %dfl: tensor<3x3x4xf32>, %dco: tensor<1x8x8x4xf32>, '
          f'%win: tensor<3x3xf32>) -> tensor<8x16xf32> {{')
        w('    %cst = arith.constant 0.000000e+00 : f32')
        prev, count, i = '%x', 2, 0
        while count < per_func - 1:
            prev, k = block(w, i, prev)
            count += k
            i += 1
        w(f'    return {prev} : tensor<8x16xf32>')
        w('  }')
    w('}')
    sys.stdout.write('\n'.join(out) + '\n')


if __name__ == '__main__':
    main()
