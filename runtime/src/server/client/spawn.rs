//! Starting the child so that it dies with us.
//!
//! On Linux the child gets the parent-death signal SIGKILL
//! (`prctl(PR_SET_PDEATHSIG)`): when we die, even by SIGKILL, the kernel
//! kills it, so Terraform killing a provider leaves no Go child behind. The
//! trap: the signal fires when the *thread* that forked the child exits,
//! not the process, and tokio's blocking and worker threads come and go.
//! So every child is forked from one dedicated thread that is started on
//! first use and never exits (it waits for work on a channel whose sender
//! is a static). Elsewhere the child is only killed when its handle drops
//! (`kill_on_drop`).
//!
//! The child stays in our process group, as go-plugin leaves a plugin in
//! Terraform's. A Ctrl-C in the terminal sends SIGINT to the whole
//! foreground group; go-plugin servers (and tfschema's) ignore it and wait
//! for Terraform's `StopProvider`, which the proxies forward. A group of
//! its own would change nothing for a provider and would hide the child
//! from a `kill -- -<pgid>` aimed at the provider.

use std::io;

use tokio::process::{Child, Command};

/// Spawns `command` on the current tokio runtime, from the long-lived
/// spawning thread on Linux.
pub(super) async fn spawn(mut command: Command) -> io::Result<Child> {
    command.kill_on_drop(true);
    #[cfg(target_os = "linux")]
    {
        linux::spawn(command).await
    }
    #[cfg(not(target_os = "linux"))]
    {
        command.spawn()
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::io;
    use std::sync::mpsc;
    use std::sync::{Mutex, OnceLock};

    use tokio::process::{Child, Command};
    use tokio::runtime::Handle;
    use tokio::sync::oneshot;

    /// A command to start, the runtime to register the child with, and
    /// where to send it.
    type Job = (Command, Handle, oneshot::Sender<io::Result<Child>>);

    /// The spawning thread's mailbox; the thread lives as long as the
    /// process because this sender is never dropped.
    static SPAWNER: OnceLock<Mutex<mpsc::Sender<Job>>> = OnceLock::new();

    fn spawner() -> io::Result<&'static Mutex<mpsc::Sender<Job>>> {
        if let Some(s) = SPAWNER.get() {
            return Ok(s);
        }
        let (tx, rx) = mpsc::channel::<Job>();
        // Two first callers may race: the loser's thread ends with its
        // channel, having forked nothing.
        std::thread::Builder::new()
            .name("tfschema-plugin-spawner".to_owned())
            .spawn(move || {
                for (mut command, handle, reply) in rx {
                    // tokio registers the child with the runtime it is
                    // spawned in (for its exit); the fork happens here.
                    let _guard = handle.enter();
                    let _ = reply.send(command.spawn());
                }
            })?;
        Ok(SPAWNER.get_or_init(|| Mutex::new(tx)))
    }

    pub(super) async fn spawn(mut command: Command) -> io::Result<Child> {
        let parent = std::process::id();
        // SAFETY: the closure runs in the child between fork and exec, where
        // only async-signal-safe calls are allowed: prctl and getppid are
        // system calls that allocate and lock nothing, and the errors are
        // plain OS error codes (no allocation).
        #[allow(unsafe_code)]
        unsafe {
            command.pre_exec(move || {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) != 0 {
                    return Err(io::Error::last_os_error());
                }
                // We may have died between the fork and the prctl: then the
                // signal will never come, and the child must not run. (An
                // OS error code: nothing may allocate after a fork.)
                if libc::getppid() as u32 != parent {
                    return Err(io::Error::from_raw_os_error(libc::ESRCH));
                }
                Ok(())
            });
        }
        let (reply, answer) = oneshot::channel();
        let job = (command, Handle::current(), reply);
        spawner()?
            .lock()
            .map_err(|_| io::Error::other("the plugin spawning thread panicked"))?
            .send(job)
            .map_err(|_| io::Error::other("the plugin spawning thread has exited"))?;
        answer
            .await
            .map_err(|_| io::Error::other("the plugin spawning thread dropped the request"))?
    }
}
