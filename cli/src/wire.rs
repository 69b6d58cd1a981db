//! `tfschema wire`: convert and inspect DynamicValues, for provider authors
//! debugging what Terraform sent.

use std::io::{Read, Write};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use tfschema::{json, msgpack, show, Type, Value};

#[derive(Debug, Subcommand)]
pub enum WireCommand {
    /// Read a value from stdin in one encoding and write it in another.
    Convert(ConvertArgs),
    /// Print a value for humans, as a plan would show it.
    Show(ShowArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Msgpack,
    Json,
}

#[derive(Debug, Args)]
pub struct TypeArg {
    /// The value's type constraint as JSON, e.g. '["list","string"]'.
    #[arg(
        long = "type",
        value_name = "TYPE_JSON",
        required_unless_present = "type_file"
    )]
    type_json: Option<String>,
    /// Read the type constraint JSON from this file instead.
    #[arg(long, value_name = "PATH", conflicts_with = "type_json")]
    type_file: Option<std::path::PathBuf>,
}

impl TypeArg {
    fn parse(&self) -> Result<Type> {
        let text = match (&self.type_json, &self.type_file) {
            (Some(text), _) => text.clone(),
            (None, Some(path)) => std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?,
            (None, None) => bail!("--type or --type-file is required"),
        };
        Type::from_json(text.trim().as_bytes()).context("invalid --type")
    }
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    #[command(flatten)]
    ty: TypeArg,
    /// Encoding of stdin.
    #[arg(long, value_enum)]
    from: Format,
    /// Encoding of stdout.
    #[arg(long, value_enum)]
    to: Format,
    /// Read and write msgpack as hex text instead of raw bytes.
    #[arg(long)]
    hex: bool,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[command(flatten)]
    ty: TypeArg,
    /// Encoding of stdin.
    #[arg(long, value_enum, default_value = "msgpack")]
    from: Format,
    /// Read msgpack as hex text instead of raw bytes.
    #[arg(long)]
    hex: bool,
}

pub fn run(cmd: WireCommand) -> Result<ExitCode> {
    match cmd {
        WireCommand::Convert(args) => {
            let ty = args.ty.parse()?;
            let value = read_value(&ty, args.from, args.hex)?;
            let mut stdout = std::io::stdout().lock();
            match args.to {
                Format::Json => {
                    let text = json::value_to_string(&value, &ty)
                        .context("cannot write the value as JSON")?;
                    writeln!(stdout, "{text}")?;
                }
                Format::Msgpack => {
                    let bytes = msgpack::value_to_vec(&value, &ty)
                        .context("cannot write the value as msgpack")?;
                    if args.hex {
                        writeln!(stdout, "{}", hex::encode(bytes))?;
                    } else {
                        stdout.write_all(&bytes)?;
                    }
                }
            }
            stdout.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        WireCommand::Show(args) => {
            let ty = args.ty.parse()?;
            let value = read_value(&ty, args.from, args.hex)?;
            println!("{}", show::render(&value));
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn read_value(ty: &Type, from: Format, hex_input: bool) -> Result<Value> {
    let mut input = Vec::new();
    std::io::stdin()
        .read_to_end(&mut input)
        .context("reading stdin")?;
    match from {
        Format::Json => json::value_from_slice(&input, ty).context("invalid JSON value"),
        Format::Msgpack => {
            let bytes = if hex_input {
                let text: String = String::from_utf8(input)
                    .context("--hex input is not text")?
                    .split_whitespace()
                    .collect();
                hex::decode(&text).context("--hex input is not hexadecimal")?
            } else {
                input
            };
            msgpack::value_from_slice(&bytes, ty).context("invalid msgpack value")
        }
    }
}
