//! Provider-defined functions in the typed layer: the [`Function`] trait,
//! which `#[tfschema::function]` implements for a Rust `fn`, the arguments
//! of a call ([`FunctionArgs`]), and how a
//! [`TypedProvider`](super::TypedProvider) serves its functions.
//!
//! A function sees only its arguments: Terraform calls functions on a
//! provider instance it has not configured (OpenTofu on a configured one),
//! so nothing of the provider's configuration can reach them. Arguments
//! are read with the parameter type's own msgpack decode, as every value of
//! the typed layer is; what does not fit becomes a function error at that
//! argument, never a panic.

use std::collections::BTreeMap;
use std::fmt;

use crate::error::Error;
use crate::model::{TfDecode, TfEncode, TfType};
use crate::schema::StringKind;
use crate::server::raw::{
    CallFunctionRequest, CallFunctionResponse, DynamicValue, FunctionError, FunctionParameter,
    FunctionSignature,
};
use crate::value::Value;

/// A provider-defined function: its name, its signature and the call.
///
/// `#[tfschema::function]` implements it for a `fn` (see the attribute's
/// documentation); implement it by hand for a function whose signature is
/// only known at run time. Register it with
/// [`TypedProvider::function`](super::TypedProvider::function).
///
/// ```
/// use tfschema::server::raw::{DynamicValue, FunctionParameter, FunctionSignature};
/// use tfschema::server::typed::{Function, FunctionArgs, FunctionError};
/// use tfschema::Type;
///
/// /// `double(n number) number`, written by hand.
/// struct Double;
///
/// impl Function for Double {
///     fn name(&self) -> &str {
///         "double"
///     }
///     fn signature(&self) -> FunctionSignature {
///         FunctionSignature::new(vec![FunctionParameter::new("n", Type::Number)], Type::Number)
///     }
///     fn call(&self, args: &FunctionArgs) -> Result<DynamicValue, FunctionError> {
///         let n: i64 = args.get(0)?;
///         let doubled = n.checked_mul(2).ok_or_else(|| FunctionError::argument(0, "too large"))?;
///         DynamicValue::from_model(&doubled).map_err(|e| FunctionError::new(e.to_string()))
///     }
/// }
/// ```
pub trait Function: Send + Sync + 'static {
    /// The name Terraform calls it by, as
    /// `provider::<provider name>::<name>(...)`.
    fn name(&self) -> &str;

    /// The parameters, the return type and the documentation, as
    /// `GetProviderSchema` describes them. Asked once, when the function is
    /// registered.
    fn signature(&self) -> FunctionSignature;

    /// Runs the function. The arguments have been checked against the
    /// signature: there is one per parameter (any number more for a
    /// variadic one), none is null or unknown where its parameter does not
    /// allow it. The result must be of the signature's return type.
    ///
    /// # Errors
    /// What to show the user: [`FunctionError::argument`] for a bad
    /// argument (Terraform shows it at that argument), else
    /// [`FunctionError::new`].
    fn call(&self, args: &FunctionArgs) -> Result<DynamicValue, FunctionError>;
}

/// The arguments of one call, each as msgpack of its parameter's type.
///
/// Variadic arguments follow the positional ones, each its own value.
pub struct FunctionArgs {
    values: Vec<Vec<u8>>,
}

impl FunctionArgs {
    /// The arguments of a call of `signature`, written as msgpack of their
    /// parameters' types (bytes Terraform sent are kept as they are; an
    /// argument sent as nothing is a null).
    ///
    /// # Errors
    /// More arguments than the signature takes, fewer than its positional
    /// parameters, or a value that is not of its parameter's type.
    pub fn new(
        arguments: Vec<DynamicValue>,
        signature: &FunctionSignature,
    ) -> Result<FunctionArgs, FunctionError> {
        if arguments.len() < signature.parameters.len() {
            return Err(FunctionError::new(format!(
                "not enough arguments: {} given, {} required",
                arguments.len(),
                signature.parameters.len()
            )));
        }
        let mut values = Vec::with_capacity(arguments.len());
        for (i, argument) in arguments.into_iter().enumerate() {
            let Some(ty) = signature.argument_type(i) else {
                return Err(FunctionError::new(format!(
                    "too many arguments: {} given, at most {} accepted",
                    i + 1,
                    signature.parameters.len()
                )));
            };
            let bytes = argument
                .into_msgpack(ty)
                .map_err(|e| FunctionError::argument(i, error_text(&e)))?;
            values.push(if bytes.is_empty() { vec![0xc0] } else { bytes });
        }
        Ok(FunctionArgs { values })
    }

    /// How many arguments there are, variadic ones included.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Reads argument `index` (0 is the first) into `T`, which may borrow
    /// strings from it.
    ///
    /// # Errors
    /// A value that does not fit `T`, as an error of that argument; no
    /// argument `index`.
    pub fn get<'a, T: TfDecode<'a>>(&'a self, index: usize) -> Result<T, FunctionError> {
        let Some(bytes) = self.values.get(index) else {
            return Err(FunctionError::new(format!("argument {index} is missing")));
        };
        crate::msgpack::from_slice(bytes)
            .map_err(|e| FunctionError::argument(index, error_text(&e)))
    }

    /// Reads the arguments from `from` on (the variadic ones) into `T`
    /// each; none when there are none.
    ///
    /// # Errors
    /// As [`get`](Self::get), at the first argument that does not fit.
    pub fn rest<'a, T: TfDecode<'a>>(&'a self, from: usize) -> Result<Vec<T>, FunctionError> {
        (from..self.values.len()).map(|i| self.get(i)).collect()
    }
}

impl fmt::Debug for FunctionArgs {
    /// The count only: arguments may be sensitive.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FunctionArgs({} arguments)", self.values.len())
    }
}

/// A decode failure as the text of a function error: the path inside the
/// argument and the message, without the byte offset (Terraform shows it as
/// `Invalid value for "x" parameter: <text>.`).
fn error_text(err: &Error) -> String {
    let path = err.path_string();
    if path.is_empty() {
        err.message().to_owned()
    } else {
        format!("at {path}: {}", err.message())
    }
}

/// What a `#[tfschema::function]` fn may return: a Terraform value type,
/// or a `Result` of one whose error converts into a [`FunctionError`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be returned by a provider function",
    label = "not a Terraform value",
    note = "return a Terraform value type (String, bool, integers, f64, Number, Vec, Option, Set, maps with string keys, a struct deriving `TfSchema, TfValue`, or `Value` for `dynamic`), or `Result<T, FunctionError>` of one"
)]
pub trait FunctionReturn {
    /// The value returned: its Terraform type is the function's return
    /// type.
    type Value: TfEncode;

    /// The value, or the error the function failed with.
    ///
    /// # Errors
    /// The function's own error.
    fn into_result(self) -> Result<Self::Value, FunctionError>;
}

impl<T: TfEncode> FunctionReturn for T {
    type Value = T;

    fn into_result(self) -> Result<T, FunctionError> {
        Ok(self)
    }
}

impl<T: TfEncode, E: Into<FunctionError>> FunctionReturn for Result<T, E> {
    type Value = T;

    fn into_result(self) -> Result<T, FunctionError> {
        self.map_err(Into::into)
    }
}

/// The functions of a [`TypedProvider`](super::TypedProvider), by name,
/// with their signatures (asked once).
#[derive(Default)]
pub(super) struct Functions {
    by_name: BTreeMap<String, Entry>,
}

struct Entry {
    signature: FunctionSignature,
    function: Box<dyn Function>,
}

impl Functions {
    /// Adds `function`; one with the same name is replaced.
    pub(super) fn add<F: Function>(&mut self, function: F) {
        let entry = Entry {
            signature: function.signature(),
            function: Box::new(function),
        };
        self.by_name.insert(entry.function.name().to_owned(), entry);
    }

    /// The names, for `Debug`.
    pub(super) fn names(&self) -> impl Iterator<Item = &String> {
        self.by_name.keys()
    }

    /// The signatures by name, for the provider's schema.
    pub(super) fn signatures(&self) -> BTreeMap<String, FunctionSignature> {
        self.by_name
            .iter()
            .map(|(name, entry)| (name.clone(), entry.signature.clone()))
            .collect()
    }

    /// `CallFunction`. As Terraform does before calling: a null argument
    /// for a parameter that does not allow null is an error of that
    /// argument; an argument that is not wholly known for a parameter that
    /// does not allow unknowns makes the result unknown, without a call.
    pub(super) fn call(&self, request: CallFunctionRequest) -> CallFunctionResponse {
        let Some(entry) = self.by_name.get(&request.name) else {
            return CallFunctionResponse::from_error(FunctionError::new(format!(
                "this provider has no function named {:?}",
                request.name
            )));
        };
        let signature = &entry.signature;
        let parameter = |i: usize| -> Option<&FunctionParameter> {
            signature.parameters.get(i).or(signature.variadic.as_ref())
        };
        for (i, argument) in request.arguments.iter().enumerate() {
            if parameter(i).is_some_and(|p| !p.allow_null) && argument.is_null() {
                return CallFunctionResponse::from_error(FunctionError::argument(
                    i,
                    "argument must not be null",
                ));
            }
        }
        for (i, argument) in request.arguments.iter().enumerate() {
            if parameter(i).is_some_and(|p| !p.allow_unknown) && not_wholly_known(argument) {
                return CallFunctionResponse {
                    result: Some(DynamicValue::from(Value::unknown(
                        signature.return_type.clone(),
                    ))),
                    error: None,
                };
            }
        }
        let result = FunctionArgs::new(request.arguments, signature)
            .and_then(|args| entry.function.call(&args));
        match result {
            Ok(value) => CallFunctionResponse {
                result: Some(value),
                error: None,
            },
            Err(e) => CallFunctionResponse::from_error(e),
        }
    }
}

/// Whether an argument holds an unknown anywhere. Bytes that cannot be
/// read do not count: decoding them reports the error at the argument.
fn not_wholly_known(argument: &DynamicValue) -> bool {
    match argument.as_msgpack() {
        Some(bytes) if !bytes.is_empty() => {
            let mut seen = crate::msgpack::UnknownsSeen::default();
            let mut dec = crate::msgpack::Decoder::new(bytes);
            dec.skip_noting(&mut seen)
                .and_then(|()| dec.finish())
                .is_ok()
                && seen.any
        }
        _ => argument.unknowns().any,
    }
}

impl fmt::Debug for Functions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

/// A parameter of type `T` for the generated signature: null and unknown
/// allowed when `T` can hold them, or when the parameter says so.
#[doc(hidden)]
pub fn parameter<T: TfType + ?Sized>(
    name: &'static str,
    description: &'static str,
    markdown: bool,
    allow_null: bool,
    allow_unknown: bool,
) -> FunctionParameter {
    FunctionParameter {
        name: name.to_owned(),
        ty: T::tf_type(),
        allow_null: allow_null || T::CAN_BE_NULL,
        allow_unknown: allow_unknown || T::CAN_BE_UNKNOWN,
        description: description.to_owned(),
        description_kind: kind(markdown),
    }
}

/// The generated signature of a fn returning `R`.
#[doc(hidden)]
pub fn signature<R: FunctionReturn>(
    parameters: Vec<FunctionParameter>,
    variadic: Option<FunctionParameter>,
    summary: &'static str,
    description: &'static str,
    markdown: bool,
    deprecation_message: &'static str,
) -> FunctionSignature {
    FunctionSignature {
        parameters,
        variadic,
        return_type: <R::Value as TfType>::tf_type(),
        summary: summary.to_owned(),
        description: description.to_owned(),
        description_kind: kind(markdown),
        deprecation_message: deprecation_message.to_owned(),
    }
}

/// What the generated call answers for the fn's return value `r`.
///
/// # Errors
/// The fn's error, or a result with no wire form (a NaN).
#[doc(hidden)]
pub fn result<R: FunctionReturn>(r: R) -> Result<DynamicValue, FunctionError> {
    let value = r.into_result()?;
    DynamicValue::from_model(&value).map_err(|e| {
        FunctionError::new(format!(
            "the function's result cannot be sent: {}",
            error_text(&e)
        ))
    })
}

/// Whether a parameter of type `T` may be marked `allow_null`: it can hold
/// a null (`Option<T>`, or `Value`).
#[doc(hidden)]
pub const fn holds_null<T: TfType + ?Sized>() -> bool {
    T::CAN_BE_NULL || matches!(T::REFINE_KIND, crate::refinement::RefineKind::Dynamic)
}

/// Whether a parameter of type `T` may be marked `allow_unknown`: it can
/// hold an unknown (`Unknown<T>`, `Refined<T>`, or `Value`).
#[doc(hidden)]
pub const fn holds_unknown<T: TfType + ?Sized>() -> bool {
    T::CAN_BE_UNKNOWN || matches!(T::REFINE_KIND, crate::refinement::RefineKind::Dynamic)
}

fn kind(markdown: bool) -> StringKind {
    if markdown {
        StringKind::Markdown
    } else {
        StringKind::Plain
    }
}
