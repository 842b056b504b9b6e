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

/// Whether `pdep` / `pext` are fast on this CPU ([`CpuInfo::fast_pdep`]), cached
/// in a plain atomic so hot paths can ask cheaply.
#[inline]
pub fn fast_pdep() -> bool {
    use std::sync::atomic::{AtomicU8, Ordering};
    // 0: not yet asked, 1: slow, 2: fast.
    static FAST: AtomicU8 = AtomicU8::new(0);
    match FAST.load(Ordering::Relaxed) {
        0 => {
            let yes = cpu().fast_pdep();
            FAST.store(1 + yes as u8, Ordering::Relaxed);
            yes
        }
        v => v == 2,
    }
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
