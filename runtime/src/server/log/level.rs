//! The levels `TF_LOG` and its kin name, as Terraform reads them.

use tracing::level_filters::LevelFilter;

/// Maps `TF_LOG` values to a level; unknown values mean `trace`, as Terraform
/// treats them. Unset means warnings and errors only.
pub(crate) fn level_from_tf_log(value: Option<&str>) -> LevelFilter {
    match value.map(str::to_ascii_uppercase).as_deref() {
        None => LevelFilter::WARN,
        Some("OFF") => LevelFilter::OFF,
        Some("ERROR") => LevelFilter::ERROR,
        Some("WARN") => LevelFilter::WARN,
        Some("INFO") => LevelFilter::INFO,
        Some("DEBUG") => LevelFilter::DEBUG,
        Some(_) => LevelFilter::TRACE,
    }
}
