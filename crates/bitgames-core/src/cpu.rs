//! What the running CPU is, and which of its instructions are fast enough to use.
//!
//! Code built for x86-64-v3 may use every instruction of that level, but two of
//! them are much slower on some CPUs that have them:
//!
//! - `pdep` / `pext` (BMI2) run in microcode on AMD before Zen 3 (family `0x17`,
//!   Zen 1 and Zen 2, and older): tens to hundreds of cycles instead of three.
//! - 256-bit vector instructions are split into two 128-bit halves on Zen 1 / Zen+
//!   (family `0x17`, model below `0x30`) and older AMD cores, so four-lane AVX2
//!   code gains little there over two 128-bit vectors.
//!
//! The rules below name those CPUs from `cpuid` (vendor, family, model) once and
//! cache the answer. Elsewhere (Intel, AMD Zen 3 and later, other architectures)
//! both are taken to be fast.

use std::sync::OnceLock;

/// The running CPU as `cpuid` names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CpuInfo {
    /// Vendor string, e.g. `AuthenticAMD` or `GenuineIntel` (empty off x86).
    pub vendor: String,
    /// Brand string, e.g. `AMD EPYC 7763 64-Core Processor` (empty if unknown).
    pub brand: String,
    /// Display family (base family plus extended family), e.g. `0x19` for Zen 3.
    pub family: u32,
    /// Display model (with the extended model bits).
    pub model: u32,
}

impl CpuInfo {
    /// Whether this is an AMD CPU.
    pub fn is_amd(&self) -> bool {
        self.vendor == "AuthenticAMD" || self.vendor == "HygonGenuine"
    }

    /// `pdep` / `pext` are fast (not microcoded): false on AMD before Zen 3
    /// (family below `0x19`).
    pub fn fast_pdep(&self) -> bool {
        !(self.is_amd() && self.family < 0x19)
    }

    /// 256-bit vector operations run at full width: false on AMD before Zen 2
    /// (family below `0x17`, or `0x17` with a model below `0x30`).
    pub fn full_width_avx2(&self) -> bool {
        !(self.is_amd() && (self.family < 0x17 || (self.family == 0x17 && self.model < 0x30)))
    }

    /// One line for benchmark headers: brand, vendor, family and model.
    pub fn describe(&self) -> String {
        if self.vendor.is_empty() {
            return format!("{} (no cpuid)", std::env::consts::ARCH);
        }
        let brand = if self.brand.is_empty() { "unknown model" } else { &self.brand };
        format!("{brand} ({}, family {:#x}, model {:#x})", self.vendor, self.family, self.model)
    }
}

/// The running CPU (read once, then cached).
pub fn cpu() -> &'static CpuInfo {
    static CPU: OnceLock<CpuInfo> = OnceLock::new();
    CPU.get_or_init(read_cpu)
}

/// The environment variable that turns the fast paths off: set to `portable`,
/// every proof token below ([`Avx2::detect`], [`Pdep::detect`]) answers `None`,
/// so each kernel runs its portable twin, as on a CPU without those
/// instructions (CI tests the portable build so). `native`, or unset, uses what
/// the CPU has. The choice is read once. Which instructions the compiler uses
/// around the kernels is the build's choice: a build for x86-64-v3 uses them
/// everywhere; a portable build (plain `x86-64`) runs the hot loops
/// (perft, playouts, the Connect Four solver, MCTS playouts) in a copy compiled
/// for x86-64-v3 when the CPU has it (AVX2, BMI1/2, LZCNT, POPCNT: the
/// library's `hot_copies!`, chosen by [`V3::detect`], so `portable` runs their
/// plain copies too).
pub const CPU_ENV: &str = "BITGAMES_CPU";

/// What [`CPU_ENV`] asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CpuMode {
    /// Every fast path the CPU can run (the default).
    Native,
    /// The portable twins only.
    Portable,
}

/// [`CPU_ENV`] holds something other than `native` or `portable`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{CPU_ENV}='{0}': expected 'native' or 'portable'")]
pub struct UnknownCpuMode(pub String);

impl CpuMode {
    /// The mode [`CPU_ENV`] asks for (unset or empty: [`Native`](Self::Native)).
    /// Front ends call this at start to report a misspelt value; the tokens
    /// take an unknown value as `native`.
    pub fn from_env() -> Result<CpuMode, UnknownCpuMode> {
        CpuMode::parse(&std::env::var(CPU_ENV).unwrap_or_default())
    }

    /// The mode a value of [`CPU_ENV`] names (case and surrounding blanks
    /// ignored; empty: [`Native`](Self::Native)).
    pub fn parse(value: &str) -> Result<CpuMode, UnknownCpuMode> {
        match value.trim().to_ascii_lowercase().as_str() {
            "" | "native" => Ok(CpuMode::Native),
            "portable" => Ok(CpuMode::Portable),
            _ => {
                Err(UnknownCpuMode(value.chars().take(40).flat_map(char::escape_default).collect()))
            }
        }
    }
}

/// Bits of [`fast_paths`]: set once known; AVX2; fast `pdep`; x86-64-v3's
/// instructions.
const KNOWN: u8 = 1;
const HAS_AVX2: u8 = 2;
const HAS_FAST_PDEP: u8 = 4;
const HAS_V3: u8 = 8;

/// The fast paths this process may take, read once (CPU and [`CPU_ENV`]) and
/// then cached in a plain atomic so that hot paths can ask cheaply.
#[inline]
fn fast_paths() -> u8 {
    use std::sync::atomic::{AtomicU8, Ordering};
    static PATHS: AtomicU8 = AtomicU8::new(0);
    match PATHS.load(Ordering::Relaxed) {
        0 => {
            let v = detect_paths();
            PATHS.store(v, Ordering::Relaxed);
            v
        }
        v => v,
    }
}

#[cold]
fn detect_paths() -> u8 {
    let mut v = KNOWN;
    if CpuMode::from_env() == Ok(CpuMode::Portable) {
        return v;
    }
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
        {
            v |= HAS_AVX2;
        }
        if std::arch::is_x86_feature_detected!("bmi2") && cpu().fast_pdep() {
            v |= HAS_FAST_PDEP;
        }
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt")
        {
            v |= HAS_V3;
        }
    }
    v
}

/// Proof that the running CPU has AVX2 (and POPCNT, which every AVX2 CPU has)
/// and that [`CPU_ENV`] allows them: a kernel compiled with
/// `#[target_feature(enable = "avx2,popcnt")]` may be called
/// through a value of this type (Othello's move generator, Connect Four's move
/// ordering, Hex's playouts, Life's bands). Get one from [`Avx2::detect`].
#[derive(Clone, Copy, Debug)]
pub struct Avx2 {
    _proof: (),
}

impl Avx2 {
    /// `Some` if the CPU has AVX2 and POPCNT and [`CPU_ENV`] is not
    /// `portable` (cached).
    #[inline]
    pub fn detect() -> Option<Avx2> {
        (fast_paths() & HAS_AVX2 != 0).then_some(Avx2 { _proof: () })
    }
}

/// Proof that the running CPU has the x86-64-v3 instructions the library's hot
/// loops are compiled for a second time (AVX2, BMI1, BMI2, LZCNT, POPCNT) and
/// that [`CPU_ENV`] allows them: a function compiled with
/// `#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]` may be called
/// through a value of this type (the library's `hot_copies!`: perft walks,
/// random and MCTS playouts, the Connect Four and Othello searches, in a build
/// for plain x86-64). Get one from [`V3::detect`].
#[derive(Clone, Copy, Debug)]
pub struct V3 {
    _proof: (),
}

impl V3 {
    /// `Some` if the CPU has AVX2, BMI1, BMI2, LZCNT and POPCNT and
    /// [`CPU_ENV`] is not `portable` (cached).
    #[inline]
    pub fn detect() -> Option<V3> {
        (fast_paths() & HAS_V3 != 0).then_some(V3 { _proof: () })
    }
}

/// Proof that the running CPU has BMI2 with a fast `pdep` (not AMD before Zen
/// 3, see [`CpuInfo::fast_pdep`]) and that [`CPU_ENV`] allows it. Get one from
/// [`Pdep::detect`].
#[derive(Clone, Copy, Debug)]
pub struct Pdep {
    _proof: (),
}

impl Pdep {
    /// `Some` if `pdep` is there and fast and [`CPU_ENV`] is not `portable`
    /// (cached).
    #[inline]
    pub fn detect() -> Option<Pdep> {
        (fast_paths() & HAS_FAST_PDEP != 0).then_some(Pdep { _proof: () })
    }

    /// Index of the `n`-th set bit of `w` (from 0 at the lowest) by one
    /// `pdep`: bit `n` deposited into `w`'s set bits. Past the last set bit
    /// the answer is meaningless, never a panic. Inlined into code compiled
    /// for BMI2 (a hot loop's x86-64-v3 copy, or a build for x86-64-v3), this is one
    /// instruction; elsewhere a call.
    #[inline(always)]
    pub fn nth_in_word(self, w: u64, n: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Pdep` exists only if `detect` found BMI2 on this CPU.
            unsafe { std::arch::x86_64::_pdep_u64(1u64.wrapping_shl(n), w).trailing_zeros() }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            // No `Pdep` is ever made here; the clearing loop keeps it total.
            let mut w = w;
            for _ in 0..n {
                w &= w.wrapping_sub(1);
            }
            w.trailing_zeros()
        }
    }
}

impl Pdep {
    /// The bits of `w` under `mask`, gathered to the low end in order, by one
    /// `pext` (inlined into code compiled for BMI2; elsewhere a call).
    #[inline(always)]
    pub fn pext(self, w: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Pdep` exists only if `detect` found BMI2 on this CPU.
            unsafe { std::arch::x86_64::_pext_u64(w, mask) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            // No `Pdep` is ever made here; the portable twin keeps it total.
            pext_portable(w, mask)
        }
    }

    /// The low bits of `w` spread onto the set bits of `mask` in order
    /// ([`pext`](Self::pext)'s inverse), by one `pdep` (inlined into code
    /// compiled for BMI2; elsewhere a call).
    #[inline(always)]
    pub fn pdep(self, w: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Pdep` exists only if `detect` found BMI2 on this CPU.
            unsafe { std::arch::x86_64::_pdep_u64(w, mask) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            // No `Pdep` is ever made here; the portable twin keeps it total.
            pdep_portable(w, mask)
        }
    }
}

/// [`Pdep::pext`] without the instruction: a turn a set bit of `w & mask`
/// (the sets a game ranks are sparse), each placed by the count of `mask`'s
/// bits below it.
#[inline]
pub fn pext_portable(w: u64, mask: u64) -> u64 {
    let mut out = 0;
    let mut s = w & mask;
    while s != 0 {
        let b = s & s.wrapping_neg();
        out |= 1 << (mask & (b - 1)).count_ones();
        s &= s - 1;
    }
    out
}

/// [`Pdep::pdep`] without the instruction: a turn a bit of `mask`, until
/// `w`'s bits run out.
#[inline]
pub fn pdep_portable(mut w: u64, mask: u64) -> u64 {
    let mut out = 0;
    let mut m = mask;
    while w != 0 && m != 0 {
        let b = m & m.wrapping_neg();
        if w & 1 != 0 {
            out |= b;
        }
        w >>= 1;
        m &= m - 1;
    }
    out
}

/// `pext` by the fastest means this CPU and [`CPU_ENV`] allow: the
/// instruction ([`Pdep::pext`]) where it is fast, [`pext_portable`] elsewhere.
#[inline]
pub fn pext(w: u64, mask: u64) -> u64 {
    match Pdep::detect() {
        Some(t) => t.pext(w, mask),
        None => pext_portable(w, mask),
    }
}

/// `pdep` by the same choice as [`pext`].
#[inline]
pub fn pdep(w: u64, mask: u64) -> u64 {
    match Pdep::detect() {
        Some(t) => t.pdep(w, mask),
        None => pdep_portable(w, mask),
    }
}

/// Whether `pdep` / `pext` are there and fast on this CPU and allowed by
/// [`CPU_ENV`]: [`Pdep::detect`] is `Some`.
#[inline]
pub fn fast_pdep() -> bool {
    Pdep::detect().is_some()
}

#[cfg(target_arch = "x86_64")]
#[allow(unused_unsafe)] // `__cpuid` became safe in later Rust versions.
fn read_cpu() -> CpuInfo {
    use std::arch::x86_64::__cpuid;
    // SAFETY: `cpuid` exists on every x86-64 CPU.
    let leaf0 = unsafe { __cpuid(0) };
    let mut vendor = Vec::with_capacity(12);
    for r in [leaf0.ebx, leaf0.edx, leaf0.ecx] {
        vendor.extend_from_slice(&r.to_le_bytes());
    }
    let vendor = String::from_utf8_lossy(&vendor).trim_end_matches('\0').to_string();
    let (mut family, mut model) = (0, 0);
    if leaf0.eax >= 1 {
        // SAFETY: as above; leaf 1 exists (the highest leaf is at least 1).
        let eax = unsafe { __cpuid(1) }.eax;
        let base_family = (eax >> 8) & 0xf;
        let base_model = (eax >> 4) & 0xf;
        family = base_family;
        model = base_model;
        if base_family == 0xf {
            family += (eax >> 20) & 0xff;
        }
        if base_family == 0xf || base_family == 0x6 {
            model += ((eax >> 16) & 0xf) << 4;
        }
    }
    // SAFETY: as above; extended leaves are asked for only if they exist.
    let max_ext = unsafe { __cpuid(0x8000_0000) }.eax;
    let mut brand = Vec::with_capacity(48);
    if max_ext >= 0x8000_0004 {
        for leaf in 0x8000_0002..=0x8000_0004 {
            // SAFETY: as above.
            let r = unsafe { __cpuid(leaf) };
            for x in [r.eax, r.ebx, r.ecx, r.edx] {
                brand.extend_from_slice(&x.to_le_bytes());
            }
        }
    }
    let brand = String::from_utf8_lossy(&brand).trim_matches(|c| c == '\0' || c == ' ').to_string();
    CpuInfo { vendor, brand, family, model }
}

#[cfg(not(target_arch = "x86_64"))]
fn read_cpu() -> CpuInfo {
    CpuInfo { vendor: String::new(), brand: String::new(), family: 0, model: 0 }
}
