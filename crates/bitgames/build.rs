//! One name for "this build has x86-64-v3's instructions": `#[cfg(v3_build)]`.

fn main() {
    cfg_aliases::cfg_aliases! {
        // AVX2, BMI1/2, LZCNT, POPCNT at compile time (`target-cpu=x86-64-v3`, the
        // workspace's default): the hot loops are compiled once, as written. In
        // any other build they get a dispatched x86-64-v3 copy (`hot_copies!`).
        v3_build: {
            all(
                target_feature = "avx2",
                target_feature = "bmi1",
                target_feature = "bmi2",
                target_feature = "lzcnt",
                target_feature = "popcnt"
            )
        },
    }
}
