//! The platform C math library, which upstream's `math` folders call:
//! safe wrappers of the pure libm functions they use.

#[allow(unsafe_code)]
mod sys {
    extern "C" {
        pub fn acos(x: f64) -> f64;
        pub fn acosf(x: f32) -> f32;
        pub fn acosh(x: f64) -> f64;
        pub fn acoshf(x: f32) -> f32;
        pub fn asin(x: f64) -> f64;
        pub fn asinf(x: f32) -> f32;
        pub fn asinh(x: f64) -> f64;
        pub fn asinhf(x: f32) -> f32;
        pub fn atan(x: f64) -> f64;
        pub fn atanf(x: f32) -> f32;
        pub fn atanh(x: f64) -> f64;
        pub fn atanhf(x: f32) -> f32;
        pub fn atan2(y: f64, x: f64) -> f64;
        pub fn atan2f(y: f32, x: f32) -> f32;
        pub fn cos(x: f64) -> f64;
        pub fn cosf(x: f32) -> f32;
        pub fn cosh(x: f64) -> f64;
        pub fn coshf(x: f32) -> f32;
        pub fn sin(x: f64) -> f64;
        pub fn sinf(x: f32) -> f32;
        pub fn sinh(x: f64) -> f64;
        pub fn sinhf(x: f32) -> f32;
        pub fn tan(x: f64) -> f64;
        pub fn tanf(x: f32) -> f32;
        pub fn tanh(x: f64) -> f64;
        pub fn tanhf(x: f32) -> f32;
        pub fn erf(x: f64) -> f64;
        pub fn erff(x: f32) -> f32;
        pub fn exp(x: f64) -> f64;
        pub fn expf(x: f32) -> f32;
        pub fn exp2(x: f64) -> f64;
        pub fn exp2f(x: f32) -> f32;
        pub fn expm1(x: f64) -> f64;
        pub fn expm1f(x: f32) -> f32;
        pub fn log(x: f64) -> f64;
        pub fn logf(x: f32) -> f32;
        pub fn log2(x: f64) -> f64;
        pub fn log2f(x: f32) -> f32;
        pub fn log10(x: f64) -> f64;
        pub fn log10f(x: f32) -> f32;
        pub fn log1p(x: f64) -> f64;
        pub fn log1pf(x: f32) -> f32;
        pub fn pow(x: f64, y: f64) -> f64;
        pub fn powf(x: f32, y: f32) -> f32;
        pub fn round(x: f64) -> f64;
        pub fn roundf(x: f32) -> f32;
        pub fn trunc(x: f64) -> f64;
        pub fn truncf(x: f32) -> f32;
    }
}

macro_rules! safe {
    ($($name:ident($($a:ident),*) -> $t:ty;)*) => {$(
        /// The C library function of the same name.
        pub fn $name($($a: $t),*) -> $t {
            // SAFETY: a pure libm function of plain floats; any input
            // (NaN and infinities included) is defined behaviour.
            #[allow(unsafe_code)]
            unsafe { sys::$name($($a),*) }
        }
    )*};
}

safe! {
    acos(x) -> f64; acosf(x) -> f32; acosh(x) -> f64; acoshf(x) -> f32;
    asin(x) -> f64; asinf(x) -> f32; asinh(x) -> f64; asinhf(x) -> f32;
    atan(x) -> f64; atanf(x) -> f32; atanh(x) -> f64; atanhf(x) -> f32;
    atan2(y, x) -> f64; atan2f(y, x) -> f32;
    cos(x) -> f64; cosf(x) -> f32; cosh(x) -> f64; coshf(x) -> f32;
    sin(x) -> f64; sinf(x) -> f32; sinh(x) -> f64; sinhf(x) -> f32;
    tan(x) -> f64; tanf(x) -> f32; tanh(x) -> f64; tanhf(x) -> f32;
    erf(x) -> f64; erff(x) -> f32;
    exp(x) -> f64; expf(x) -> f32; exp2(x) -> f64; exp2f(x) -> f32; expm1(x) -> f64; expm1f(x) -> f32;
    log(x) -> f64; logf(x) -> f32; log2(x) -> f64; log2f(x) -> f32;
    log10(x) -> f64; log10f(x) -> f32; log1p(x) -> f64; log1pf(x) -> f32;
    pow(x, y) -> f64; powf(x, y) -> f32;
    round(x) -> f64; roundf(x) -> f32; trunc(x) -> f64; truncf(x) -> f32;
}
