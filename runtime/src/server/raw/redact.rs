//! `Debug` for the request and response types that carry values.

/// Debug for the request and response types: values and private state are
/// left out (they may hold sensitive attributes); their presence is shown.
macro_rules! redacted_debug {
    ($t:ident { $($shown:ident),* } hides { $($hidden:ident),* }) => {
        impl std::fmt::Debug for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let mut d = f.debug_struct(stringify!($t));
                $(d.field(stringify!($shown), &self.$shown);)*
                $(d.field(stringify!($hidden), &format_args!("<value>"));)*
                d.finish()
            }
        }
    };
}
