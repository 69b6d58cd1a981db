//! Running the Terraform CLI in a working directory: the command line, the
//! environment it gets, and an error that names the command and carries
//! its stderr.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{Map, Value as Json};

use super::env;
use super::version::Version;

/// A Terraform binary and its version.
#[derive(Debug, Clone)]
pub(crate) struct Terraform {
    pub path: PathBuf,
    pub version: Version,
}

impl Terraform {
    /// Asks `path` for its version (`terraform version -json`, 0.13+).
    pub fn locate(path: PathBuf) -> Result<Terraform, String> {
        let out = Command::new(&path)
            .args(["version", "-json"])
            .env("CHECKPOINT_DISABLE", "1")
            .output()
            .map_err(|e| format!("running {} version -json: {e}", path.display()))?;
        if !out.status.success() {
            return Err(format!(
                "{} version -json: {}\n{}",
                path.display(),
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let json: Json = serde_json::from_slice(&out.stdout)
            .map_err(|e| format!("{} version -json printed no JSON: {e}", path.display()))?;
        let version = json
            .get("terraform_version")
            .and_then(Json::as_str)
            .ok_or_else(|| format!("{} version -json has no terraform_version", path.display()))?
            .parse()?;
        Ok(Terraform { path, version })
    }
}

/// A command that failed: which, how, and what it printed.
#[derive(Debug, Clone)]
pub(crate) struct CommandError {
    pub command: String,
    pub status: String,
    pub stdout: String,
    pub stderr: String,
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Go's tfexec: the exit status, a blank line, stderr; then the
        // command line, which Go leaves out.
        let output = if self.stderr.trim().is_empty() {
            &self.stdout
        } else {
            &self.stderr
        };
        write!(f, "{}\n\n{}", self.status, output.trim_end())?;
        write!(f, "\n\n(command: {})", self.command)
    }
}

/// A test's working directory: the configuration, the state, `.terraform`.
#[derive(Debug)]
pub(crate) struct WorkingDir {
    pub dir: PathBuf,
    keep: bool,
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Files a step writes; cleared before the next step's configuration.
const CONFIG_EXTENSIONS: [&str; 4] = [".tf", ".tf.json", ".tfvars.json", ".tfquery.hcl"];

impl WorkingDir {
    /// A new empty directory under `TF_ACC_TEMP_DIR` (or the system's).
    pub fn create(label: &str) -> io::Result<WorkingDir> {
        let base = env::temp_dir();
        fs::create_dir_all(&base)?;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or_default();
        let name = format!(
            "tfschema-acc-{label}-{}-{}-{nanos}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let dir = base.join(name);
        fs::create_dir(&dir)?;
        let wd = WorkingDir {
            dir,
            keep: env::persist_working_dir(),
        };
        link_source_directories(&wd.dir)?;
        Ok(wd)
    }

    /// Replaces the configuration: `files` (name, contents) and the
    /// variables as `terraform.tfvars.json`.
    pub fn set_config(
        &self,
        files: &[(String, Vec<u8>)],
        variables: &Map<String, Json>,
    ) -> io::Result<()> {
        for entry in fs::read_dir(&self.dir)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.file_type()?.is_file() && CONFIG_EXTENSIONS.iter().any(|e| name.ends_with(e)) {
                fs::remove_file(entry.path())?;
            }
        }
        for (name, contents) in files {
            fs::write(self.dir.join(name), contents)?;
        }
        if !variables.is_empty() {
            let json = serde_json::to_vec_pretty(&Json::Object(variables.clone()))
                .map_err(io::Error::other)?;
            fs::write(self.dir.join("terraform.tfvars.json"), json)?;
        }
        Ok(())
    }

    /// The state file.
    pub fn state_file(&self) -> PathBuf {
        self.dir.join("terraform.tfstate")
    }

    /// Runs `terraform <args>` here with `TF_REATTACH_PROVIDERS=reattach`;
    /// stdout on success.
    /// `cli_config` is the CLI configuration file to use, if any.
    pub fn run(
        &self,
        terraform: &Terraform,
        args: &[&str],
        reattach: &str,
        cli_config: Option<&Path>,
    ) -> Result<Vec<u8>, CommandError> {
        let mut cmd = Command::new(&terraform.path);
        cmd.args(args).current_dir(&self.dir);
        scrub_env(&mut cmd);
        cmd.env("CHECKPOINT_DISABLE", "1")
            .env("TF_IN_AUTOMATION", "1")
            .env("TF_INPUT", "0");
        if !reattach.is_empty() {
            cmd.env("TF_REATTACH_PROVIDERS", reattach);
        }
        if let Some(file) = cli_config {
            cmd.env("TF_CLI_CONFIG_FILE", file);
        }
        if let Some(log) = env::log_path() {
            cmd.env("TF_LOG", "TRACE").env("TF_LOG_PATH", log);
        }
        let command = format!("terraform {} (in {})", args.join(" "), self.dir.display());
        let out = cmd.output().map_err(|e| CommandError {
            command: command.clone(),
            status: format!("could not start {}: {e}", terraform.path.display()),
            stdout: String::new(),
            stderr: String::new(),
        })?;
        if out.status.success() {
            Ok(out.stdout)
        } else {
            Err(CommandError {
                command,
                status: go_status(out.status),
                stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
                stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            })
        }
    }

    /// Copies the state file of `other` here.
    pub fn copy_state_from(&self, other: &WorkingDir) -> io::Result<()> {
        if other.state_file().is_file() {
            fs::copy(other.state_file(), self.state_file())?;
        }
        Ok(())
    }

    /// Writes a CLI configuration that installs each of `mirrors` (source,
    /// directory) from its directory only; its path.
    pub fn write_cli_config(&self, mirrors: &[(String, PathBuf)]) -> io::Result<PathBuf> {
        let mut text = String::from("provider_installation {\n");
        for (source, dir) in mirrors {
            text.push_str(&format!(
                "  filesystem_mirror {{\n    path    = {}\n    include = [{}]\n  }}\n",
                Json::String(dir.display().to_string()),
                Json::String(source.clone())
            ));
        }
        let sources: Vec<String> = mirrors
            .iter()
            .map(|(s, _)| Json::String(s.clone()).to_string())
            .collect();
        text.push_str(&format!(
            "  direct {{\n    exclude = [{}]\n  }}\n}}\n",
            sources.join(", ")
        ));
        let path = self.dir.join("terraform_plugin_test.tfrc");
        fs::write(&path, text)?;
        Ok(path)
    }

    /// The path for messages.
    pub fn path(&self) -> &Path {
        &self.dir
    }
}

impl Drop for WorkingDir {
    fn drop(&mut self) {
        if self.keep {
            eprintln!(
                "working directory kept ({}): {}",
                env::TF_ACC_PERSIST_WORKING_DIR,
                self.dir.display()
            );
        } else {
            let _ = fs::remove_dir_all(&self.dir);
        }
    }
}

/// Links each directory of the test's current directory (a crate's root under
/// `cargo test`: `testdata/`, `tests/`...) into `dir`, as Go links the test
/// package's directories into every working directory, so that a
/// configuration reads `file("testdata/x.json")` as it does in Go. Only the
/// first level, as Go's `symlinkDirectoriesOnly`; files stay out.
fn link_source_directories(dir: &Path) -> io::Result<()> {
    let source = std::env::current_dir()?;
    let error = |what: &str, path: &Path, e: io::Error| {
        io::Error::new(e.kind(), format!("{what} {}: {e}", path.display()))
    };
    let entries = fs::read_dir(&source).map_err(|e| error("reading", &source, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| error("reading", &source, e))?;
        if !entry.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        let target = entry.path();
        let at = dir.join(entry.file_name());
        link_dir(&target, &at)
            .map_err(|e| error("linking into the working directory", &target, e))?;
    }
    Ok(())
}

#[cfg(unix)]
fn link_dir(target: &Path, at: &Path) -> io::Result<()> {
    std::os::unix::fs::symlink(target, at)
}

#[cfg(windows)]
fn link_dir(target: &Path, at: &Path) -> io::Result<()> {
    std::os::windows::fs::symlink_dir(target, at)
}

/// Leaves out what would change how Terraform runs behind the test's back:
/// extra CLI arguments, logging, a shared plugin cache (unsafe when tests run
/// in parallel), another reattach set, another data directory or workspace.
fn scrub_env(cmd: &mut Command) {
    for (key, _) in std::env::vars_os() {
        let Some(key) = key.to_str() else { continue };
        if key.starts_with("TF_CLI_ARGS")
            || key.starts_with("TF_LOG")
            || matches!(
                key,
                "TF_PLUGIN_CACHE_DIR"
                    | "TF_REATTACH_PROVIDERS"
                    | "TF_DATA_DIR"
                    | "TF_WORKSPACE"
                    | "TF_CLI_CONFIG_FILE"
            )
        {
            cmd.env_remove(key);
        }
    }
}

/// An exit status as Go prints it (`exit status 1`, `signal: killed`).
fn go_status(status: std::process::ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exit status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt as _;
        if let Some(signal) = status.signal() {
            return format!("signal: {signal}");
        }
    }
    status.to_string()
}
