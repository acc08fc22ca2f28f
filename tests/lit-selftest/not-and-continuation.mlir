// Self-test of the lit runner: `not`, line continuations and failures that
// are expected.
// RUN: not false
// RUN: not FileCheck %s --check-prefix=MISSING \
// RUN:     --input-file=%s --dump-input=never
// RUN: echo "a b" | not FileCheck %s --check-prefix=NEXT --dump-input=never
// RUN: echo "a b" | FileCheck %s --check-prefix=SAME
// RUN: not --crash bash -c 'kill -ABRT $$'

// MISSING: this text does not occur {{anywhere}}
// NEXT: a
// NEXT-NEXT: b
// SAME: a
// SAME-SAME: b
