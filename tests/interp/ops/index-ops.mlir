// Every `index` op runs under bufopt-run on a 64-bit `index`. The
// expected values are the ones mlir-opt-19's folders compute for the same
// operands (where the 32- and 64-bit results agree, so they fold);
// `vector.print` shows an `index` unsigned, as the runner's printU64.
// RUN: bufopt-run --strict %s | FileCheck %s --match-full-lines
// RUN: bufopt %s | mlir-opt-19 -o /dev/null

// CHECK: 18446744073709551612
// CHECK-NEXT: 18446744073709551606
// CHECK-NEXT: 18446744073709551595
// CHECK-NEXT: 18446744073709551614
// CHECK-NEXT: 6148914691236517203
// CHECK-NEXT: 18446744073709551614
// CHECK-NEXT: 1
// CHECK-NEXT: 18446744073709551613
// CHECK-NEXT: 18446744073709551615
// CHECK-NEXT: 0
// CHECK-NEXT: 3
// CHECK-NEXT: 18446744073709551609
// CHECK-NEXT: 18446744073709551609
// CHECK-NEXT: 3
// CHECK-NEXT: 18446744073709551560
// CHECK-NEXT: 18446744073709551612
// CHECK-NEXT: 2305843009213693951
// CHECK-NEXT: 1
// CHECK-NEXT: 18446744073709551611
// CHECK-NEXT: 18446744073709551608
// CHECK-NEXT: 64
// CHECK-NEXT: 42
// CHECK-NEXT: -7
// CHECK-NEXT: 249
// CHECK-NEXT: -7
// CHECK-NEXT: 4294967289
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 1
func.func @main() {
  %a = index.constant -7
  %b = index.constant 3
  %c1 = index.constant 1
  %c2 = index.constant 2
  %0 = index.add %a, %b
  %1 = index.sub %a, %b
  %2 = index.mul %a, %b
  %3 = index.divs %a, %b
  %4 = index.divu %a, %b
  %5 = index.ceildivs %a, %b
  %6 = index.ceildivu %b, %b
  %7 = index.floordivs %a, %b
  %8 = index.rems %a, %b
  %9 = index.remu %a, %b
  %10 = index.maxs %a, %b
  %11 = index.maxu %b, %a
  %12 = index.mins %a, %b
  %13 = index.minu %a, %b
  %14 = index.shl %a, %b
  %15 = index.shrs %a, %c1
  %16 = index.shru %a, %b
  %17 = index.and %a, %b
  %18 = index.or %a, %c2
  %19 = index.xor %a, %c1
  %20 = index.sizeof
  %i = arith.constant 42 : i32
  %21 = index.casts %i : i32 to index
  %22 = index.casts %a : index to i8
  %23 = index.castu %22 : i8 to index
  %24 = index.casts %a : index to i32
  %25 = index.castu %24 : i32 to index
  %26 = index.cmp slt(%a, %b)
  %27 = index.cmp ult(%a, %b)
  %28 = index.cmp ne(%a, %b)
  %29 = index.cmp sge(%a, %b)
  %30 = index.cmp uge(%a, %b)
  %t = index.bool.constant true
  vector.print %0 : index
  vector.print %1 : index
  vector.print %2 : index
  vector.print %3 : index
  vector.print %4 : index
  vector.print %5 : index
  vector.print %6 : index
  vector.print %7 : index
  vector.print %8 : index
  vector.print %9 : index
  vector.print %10 : index
  vector.print %11 : index
  vector.print %12 : index
  vector.print %13 : index
  vector.print %14 : index
  vector.print %15 : index
  vector.print %16 : index
  vector.print %17 : index
  vector.print %18 : index
  vector.print %19 : index
  vector.print %20 : index
  vector.print %21 : index
  vector.print %22 : i8
  vector.print %23 : index
  vector.print %24 : i32
  vector.print %25 : index
  vector.print %26 : i1
  vector.print %27 : i1
  vector.print %28 : i1
  vector.print %29 : i1
  vector.print %30 : i1
  vector.print %t : i1
  return
}
