//! Checks of the runner utilities against output captured from
//! `mlir-cpu-runner-19` with the LLVM 19 runner utility libraries (programs
//! written for this purpose; base addresses copied from the captured run).

use super::*;

/// Runs `name` on a memref over `data` and returns what it printed.
fn memref_call(name: &str, base: u64, offset: i64, sizes: &[i64], strides: &[i64], data: &[RtScalar]) -> String {
    let elem = |i: i64| data[usize::try_from(i).expect("test index")];
    let m = RtMemref { base_addr: base, offset, sizes, strides, elem: &elem };
    let mut out = String::new();
    call_runtime(name, &[RtArg::Memref(m)], &mut out).expect("known function").expect("valid call");
    out
}

fn i(width: u32, v: i64) -> RtScalar {
    RtScalar::I { width, bits: v as u64 & if width == 64 { u64::MAX } else { (1u64 << width) - 1 } }
}

fn vp(shape: &[i64], elems: &[RtScalar], punct: Option<&str>) -> String {
    let mut out = String::new();
    vector_print(shape, elems, punct, &mut out);
    out
}

#[test]
fn f32_2x3_specials() {
    let data = [
        RtScalar::F32(f32::NAN),
        RtScalar::F32(-f32::NAN),
        RtScalar::F32(f32::NEG_INFINITY),
        RtScalar::F32(-0.0),
        RtScalar::F32(1.0e20),
        RtScalar::F32(1.0e-7),
    ];
    let got = memref_call("printMemrefF32", 0x562401284150, 0, &[2, 3], &[3, 1], &data);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x562401284150 rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data = \n\
         [[nan,   -nan,   -inf], \n [-0,   1e+20,   1e-07]]\n"
    );
    // A 2x2 subview at offset 1 of the same buffer.
    let got = memref_call("_mlir_ciface_printMemrefF32", 0x562401284150, 1, &[2, 2], &[3, 1], &data);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x562401284150 rank = 2 offset = 1 sizes = [2, 2] strides = [3, 1] data = \n\
         [[-nan,   -inf], \n [1e+20,   1e-07]]\n"
    );
}

#[test]
fn zero_d_and_empty() {
    let got = memref_call("printMemrefF32", 0x562401137f00, 0, &[], &[], &[RtScalar::F32(1.5)]);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x562401137f00 rank = 0 offset = 0 sizes = [] strides = [] data = \n[1.5]\n"
    );
    // Upstream prints garbage memory for the phantom elements; we print 0
    // and never read the (empty) buffer.
    let got = memref_call("printMemrefF32", 0x562401169b60, 0, &[0], &[1], &[]);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x562401169b60 rank = 1 offset = 0 sizes = [0] strides = [1] data = \n[0]\n"
    );
    let got = memref_call("printMemrefF32", 0x56240116f4d0, 0, &[2, 0, 3], &[3, 3, 1], &[]);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x56240116f4d0 rank = 3 offset = 0 sizes = [2, 0, 3] strides = [3, 3, 1] data = \n\
         [[[0,    0,    0]], \n [[0,    0,    0]]]\n"
    );
}

#[test]
fn i8_prints_characters_and_3d_layout() {
    let data = [i(8, 65); 8];
    let got = memref_call("printMemrefI8", 0x562401160880, 0, &[2, 2, 2], &[4, 2, 1], &data);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x562401160880 rank = 3 offset = 0 sizes = [2, 2, 2] strides = [4, 2, 1] data = \n\
         [[[A,    A], \n  [A,    A]], \n [[A,    A], \n  [A,    A]]]\n"
    );
}

#[test]
fn index_is_unsigned_and_i16() {
    let data = [RtScalar::Index(-1); 3];
    let got = memref_call("printMemrefInd", 0x562401140270, 0, &[1, 3], &[3, 1], &data);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x562401140270 rank = 2 offset = 0 sizes = [1, 3] strides = [3, 1] data = \n\
         [[18446744073709551615,   18446744073709551615,   18446744073709551615]]\n"
    );
    let data = [i(16, -7); 4];
    let got = memref_call("printMemrefI16", 0x562401145980, 0, &[4], &[1], &data);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x562401145980 rank = 1 offset = 0 sizes = [4] strides = [1] data = \n\
         [-7,  -7,  -7,  -7]\n"
    );
}

#[test]
fn f64_3x1x2() {
    let data = [RtScalar::F64(std::f64::consts::PI); 6];
    let got = memref_call("printMemrefF64", 0x56240122c220, 0, &[3, 1, 2], &[2, 2, 1], &data);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x56240122c220 rank = 3 offset = 0 sizes = [3, 1, 2] strides = [2, 2, 1] data = \n\
         [[[3.14159,    3.14159]], \n [[3.14159,    3.14159]], \n [[3.14159,    3.14159]]]\n"
    );
}

#[test]
fn half_floats() {
    // 0.333 as f16 is 0x3554; -1.0e10 as bf16 is 0xd015.
    let data = [RtScalar::F16(0x3554); 4];
    let got = memref_call("printMemrefF16", 0x561b61858600, 0, &[2, 2], &[2, 1], &data);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x561b61858600 rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data = \n\
         [[0.333008,   0.333008], \n [0.333008,   0.333008]]\n"
    );
    let data = [RtScalar::BF16(0xd015); 3];
    let got = memref_call("printMemrefBF16", 0x561b61767a90, 0, &[3], &[1], &data);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x561b61767a90 rank = 1 offset = 0 sizes = [3] strides = [1] data = \n\
         [-9.99922e+09,  -9.99922e+09,  -9.99922e+09]\n"
    );
}

#[test]
fn rank4_i32_shape_and_i64() {
    let data = [i(32, -2147483648); 2];
    let got = memref_call("printMemrefI32", 0x561b6174d7d0, 0, &[1, 1, 1, 2], &[2, 2, 2, 1], &data);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x561b6174d7d0 rank = 4 offset = 0 sizes = [1, 1, 1, 2] strides = [2, 2, 2, 1] data = \n\
         [[[[-2147483648,     -2147483648]]]]\n"
    );
    let got = memref_call("printMemrefShapeI32", 0x561b6174d7d0, 0, &[1, 1, 1, 2], &[2, 2, 2, 1], &data);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x561b6174d7d0 rank = 4 offset = 0 sizes = [1, 1, 1, 2] strides = [2, 2, 2, 1]\n"
    );
    let data = [i(64, i64::MAX); 6];
    let got = memref_call("printMemrefI64", 0x561b61763e90, 0, &[2, 1, 3], &[3, 3, 1], &data);
    assert_eq!(
        got,
        "Unranked Memref base@ = 0x561b61763e90 rank = 3 offset = 0 sizes = [2, 1, 3] strides = [3, 3, 1] data = \n\
         [[[9223372036854775807,    9223372036854775807,    9223372036854775807]], \n \
         [[9223372036854775807,    9223372036854775807,    9223372036854775807]]]\n"
    );
}

#[test]
fn ranked_printers() {
    let data = [RtScalar::F32(123456.7); 20];
    let got = memref_call("printMemref1dF32", 0x561b61759ca0, 2, &[4], &[5], &data);
    assert_eq!(
        got,
        "Memref base@ = 0x561b61759ca0 rank = 1 offset = 2 sizes = [4] strides = [5] data = \n\
         [123457,  123457,  123457,  123457]\n"
    );
    let got = memref_call("_mlir_ciface_printMemref2dF32", 0x561b61759ca0, 0, &[4, 5], &[5, 1], &data);
    let row = "123457,   123457,   123457,   123457,   123457";
    assert_eq!(
        got,
        format!(
            "Memref base@ = 0x561b61759ca0 rank = 2 offset = 0 sizes = [4, 5] strides = [5, 1] data = \n\
             [[{row}], \n [{row}], \n [{row}], \n [{row}]]\n"
        )
    );
    // A rank mismatch is an error, and unknown printers are not ours.
    let elem = |_: i64| RtScalar::F32(0.0);
    let m = RtMemref { base_addr: 1, offset: 0, sizes: &[2], strides: &[1], elem: &elem };
    let mut out = String::new();
    assert!(matches!(call_runtime("printMemref2dF32", &[RtArg::Memref(m)], &mut out), Some(Err(_))));
    assert!(call_runtime("printMemref2dI32", &[], &mut out).is_none());
    assert!(call_runtime("printMemrefC32", &[], &mut out).is_none());
    assert!(call_runtime("someUserFunction", &[], &mut out).is_none());
    assert!(out.is_empty());
}

#[test]
fn scalar_printers() {
    let mut out = String::new();
    let s = |v| [RtArg::Scalar(v)];
    let calls: [(&str, &[RtArg]); 8] = [
        ("printNewline", &[]),
        ("printI64", &s(i(64, -5))),
        ("printComma", &[]),
        ("printU64", &s(i(64, -5))),
        ("printComma", &[]),
        ("printF32", &s(RtScalar::F32(0.1))),
        ("printComma", &[]),
        ("printF64", &s(RtScalar::F64(1.0e-300))),
    ];
    for (name, args) in calls {
        call_runtime(name, args, &mut out).expect("known").expect("valid");
    }
    call_runtime("printNewline", &[], &mut out).expect("known").expect("valid");
    assert_eq!(out, "\n-5, 18446744073709551611, 0.1, 1e-300\n");
    assert!(matches!(call_runtime("printI64", &[], &mut out), Some(Err(_))));
    assert!(matches!(call_runtime("printOpen", &s(i(1, 1)), &mut out), Some(Err(_))));
}

#[test]
fn vector_print_forms() {
    let v: Vec<RtScalar> = (1..=6).map(|x| i(32, x)).collect();
    assert_eq!(vp(&[2, 3], &v, None), "( ( 1, 2, 3 ), ( 4, 5, 6 ) )\n");
    assert_eq!(vp(&[2], &[i(1, 1), i(1, 0)], None), "( 1, 0 )\n");
    assert_eq!(vp(&[1], &[RtScalar::F32(2.5)], None), "( 2.5 )\n");
    assert_eq!(vp(&[], &[RtScalar::F32(1.5)], None), "1.5\n");
    assert_eq!(vp(&[], &[RtScalar::Index(-1)], None), "18446744073709551615\n");
    assert_eq!(vp(&[], &[i(1, 1)], None), "1\n");
    assert_eq!(vp(&[], &[i(8, -7)], None), "-7\n");
    let mut out = vp(&[], &[i(8, -7)], Some("comma"));
    vector_print(&[], &[], Some("open"), &mut out);
    vector_print(&[], &[], Some("close"), &mut out);
    vector_print(&[], &[], Some("newline"), &mut out);
    vector_print(&[], &[], Some("hello\n"), &mut out);
    assert_eq!(out, "-7, (  )\nhello\n");
    let h = [RtScalar::F16(0x3e00), RtScalar::F16(0x7bff), RtScalar::F16(0x8000)];
    assert_eq!(vp(&[3], &h, None), "( 1.5, 65504, -0 )\n");
    // 1.0e30, 3.0, 0.1, 7.0 as bf16.
    let b = [RtScalar::BF16(0x714a), RtScalar::BF16(0x4040), RtScalar::BF16(0x3dcd), RtScalar::BF16(0x40e0)];
    assert_eq!(vp(&[2, 2], &b, None), "( ( 1.00026e+30, 3 ), ( 0.100098, 7 ) )\n");
    assert_eq!(vp(&[2, 1, 2], &[i(3, 7); 4], None), "( ( ( -1, -1 ) ), ( ( -1, -1 ) ) )\n");
    let mut out = vp(&[2], &[RtScalar::Index(0), RtScalar::Index(5)], Some("no_punctuation"));
    vector_print(&[], &[], Some("newline"), &mut out);
    assert_eq!(out, "( 0, 5 )\n");
    assert_eq!(vp(&[2], &[RtScalar::F64(1.0e100), RtScalar::F64(2.0e-5)], None), "( 1e+100, 2e-05 )\n");
}

#[test]
fn errors_and_edge_cases() {
    let elem = |_: i64| i(8, -56);
    let mut out = String::new();
    // Sizes and strides of different lengths, negative sizes, a scalar
    // where a memref is expected: errors, nothing printed.
    let bad = RtMemref { base_addr: 16, offset: 0, sizes: &[2], strides: &[], elem: &elem };
    assert!(matches!(call_runtime("printMemrefI8", &[RtArg::Memref(bad)], &mut out), Some(Err(_))));
    let neg = RtMemref { base_addr: 16, offset: 0, sizes: &[-1], strides: &[1], elem: &elem };
    assert!(matches!(call_runtime("printMemrefI8", &[RtArg::Memref(neg)], &mut out), Some(Err(_))));
    assert!(matches!(call_runtime("printMemrefF32", &[RtArg::Scalar(i(1, 0))], &mut out), Some(Err(_))));
    assert!(out.is_empty());
    // A byte above 0x7f becomes the code point with that value; a null base
    // prints as `0` (std::showbase leaves zero alone).
    let m = RtMemref { base_addr: 0, offset: 0, sizes: &[1], strides: &[1], elem: &elem };
    call_runtime("printMemrefI8", &[RtArg::Memref(m)], &mut out).expect("known").expect("valid");
    assert_eq!(out, "Unranked Memref base@ = 0 rank = 1 offset = 0 sizes = [1] strides = [1] data = \n[\u{c8}]\n");
    // Shape printers exist for I8/I32/I64/F32/F64/Ind only.
    assert!(call_runtime("printMemrefShapeF16", &[], &mut out).is_none());
    assert!(call_runtime("_mlir_ciface_printMemrefShapeF64", &[], &mut out).is_some());
    // printF16/printBF16 take the bits.
    let mut out = String::new();
    call_runtime("printF16", &[RtArg::Scalar(RtScalar::F16(0xfc00))], &mut out).expect("known").expect("valid");
    call_runtime("printBF16", &[RtArg::Scalar(RtScalar::BF16(0x3f80))], &mut out).expect("known").expect("valid");
    call_runtime("printF64", &[RtArg::Scalar(RtScalar::F64(-f64::NAN))], &mut out).expect("known").expect("valid");
    assert_eq!(out, "-inf1-nan");
}
