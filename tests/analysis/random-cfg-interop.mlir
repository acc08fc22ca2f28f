// Differential test on 300 random CFGs (infinite loops, self loops,
// several exits; Inputs/random_cfg.py): dominance, post-dominance and
// liveness printed byte for byte as mlir-opt-19 prints them.
// RUN: python3 %S/Inputs/random_cfg.py 7 300 > %t.dom.mlir
// RUN: bufopt %t.dom.mlir -split-input-file --test-print-dominance -o /dev/null 2> %t.dom.ours
// RUN: mlir-opt-19 %t.dom.mlir --mlir-disable-threading -split-input-file -pass-pipeline="builtin.module(func.func(test-print-dominance))" -o /dev/null 2>&1 | diff %t.dom.ours -
// RUN: grep -c "^Testing : f" %t.dom.ours | FileCheck --check-prefix=COUNT %s
// RUN: python3 %S/Inputs/random_cfg.py 8 300 live > %t.live.mlir
// RUN: bufopt %t.live.mlir --allow-unregistered-dialect -split-input-file --test-print-liveness -o /dev/null 2> %t.live.ours
// RUN: mlir-opt-19 %t.live.mlir --mlir-disable-threading --allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(test-print-liveness))" -o /dev/null 2>&1 | diff %t.live.ours -
// RUN: grep -c "^Testing : f" %t.live.ours | FileCheck --check-prefix=COUNT %s
// COUNT: {{^}}300{{$}}
