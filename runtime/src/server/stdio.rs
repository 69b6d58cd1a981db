//! go-plugin's `plugin.GRPCStdio` service: what the provider writes through
//! [`stdout()`] and [`stderr()`] streams to the plugin client (Terraform logs
//! it as the provider's output), as go-plugin's servers stream what Go code
//! writes to `os.Stdout` and `os.Stderr`.
//!
//! go-plugin swaps Go's `os.Stdout`/`os.Stderr` for pipes; Rust has no such
//! handle to swap without redirecting the process's file descriptors (which
//! takes `unsafe`, and would take the provider's logs, which go-plugin reads
//! from the real stderr, with them). So the stream carries what is written
//! through these writers; `println!`, `eprintln!` and child processes write
//! to the process's own stdout and stderr as before (stdout after the
//! handshake line is not read by Terraform; stderr is its log).
//!
//! Output written before a client asks for the stream is kept (up to
//! [`PENDING_LIMIT`] bytes, the oldest dropped first) and sent when it does;
//! a later `StreamStdio` call takes the stream over from an earlier one.

use std::collections::VecDeque;
use std::io;
use std::sync::{Mutex, PoisonError};

use tokio::sync::mpsc;
use tokio_stream::wrappers::UnboundedReceiverStream;
use tokio_stream::StreamExt as _;

use super::proto::plugin::grpc_stdio_server::GrpcStdio;
use super::proto::plugin::stdio_data::Channel;
use super::proto::plugin::StdioData;

/// How much output is kept for a client that has not asked for it yet.
pub const PENDING_LIMIT: usize = 1 << 20;

/// The output of the process, on its way to the client.
struct Hub {
    /// Written before any client asked (oldest first), and its size.
    pending: VecDeque<StdioData>,
    pending_bytes: usize,
    /// The stream of the latest `StreamStdio` call.
    subscriber: Option<mpsc::UnboundedSender<StdioData>>,
}

static HUB: Mutex<Hub> = Mutex::new(Hub {
    pending: VecDeque::new(),
    pending_bytes: 0,
    subscriber: None,
});

fn hub() -> std::sync::MutexGuard<'static, Hub> {
    HUB.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Hub {
    fn send(&mut self, chunk: StdioData) {
        let chunk = match &self.subscriber {
            Some(tx) => match tx.send(chunk) {
                Ok(()) => return,
                // The client went away: keep it for the next one.
                Err(mpsc::error::SendError(chunk)) => chunk,
            },
            None => chunk,
        };
        self.subscriber = None;
        self.pending_bytes += chunk.data.len();
        self.pending.push_back(chunk);
        while self.pending_bytes > PENDING_LIMIT {
            match self.pending.pop_front() {
                Some(old) => self.pending_bytes -= old.data.len(),
                None => break,
            }
        }
    }

    fn subscribe(&mut self) -> mpsc::UnboundedReceiver<StdioData> {
        let (tx, rx) = mpsc::unbounded_channel();
        for chunk in self.pending.drain(..) {
            // The receiver is alive: it is returned below.
            let _ = tx.send(chunk);
        }
        self.pending_bytes = 0;
        self.subscriber = Some(tx);
        rx
    }
}

/// A writer into the `GRPCStdio` stream, on the stdout or the stderr
/// channel (see the [module documentation](self)). Each write is one chunk;
/// it never blocks and never fails.
#[derive(Debug, Clone)]
pub struct StdioWriter {
    channel: Channel,
}

/// The stdout channel of the `GRPCStdio` stream.
///
/// ```
/// use std::io::Write;
/// writeln!(tfschema::server::stdio::stdout(), "fetched 3 pages").unwrap();
/// ```
pub fn stdout() -> StdioWriter {
    StdioWriter {
        channel: Channel::Stdout,
    }
}

/// The stderr channel of the `GRPCStdio` stream.
pub fn stderr() -> StdioWriter {
    StdioWriter {
        channel: Channel::Stderr,
    }
}

impl io::Write for StdioWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !buf.is_empty() {
            hub().send(StdioData {
                channel: self.channel as i32,
                data: buf.to_vec(),
            });
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// `plugin.GRPCStdio`: `StreamStdio` streams what the writers receive.
pub(super) struct StdioService;

type Chunk = Result<StdioData, tonic::Status>;

#[tonic::async_trait]
impl GrpcStdio for StdioService {
    type StreamStdioStream =
        tokio_stream::adapters::Map<UnboundedReceiverStream<StdioData>, fn(StdioData) -> Chunk>;

    async fn stream_stdio(
        &self,
        _request: tonic::Request<()>,
    ) -> Result<tonic::Response<Self::StreamStdioStream>, tonic::Status> {
        tracing::debug!("the plugin client asked for the stdio stream");
        let rx = hub().subscribe();
        let stream = UnboundedReceiverStream::new(rx).map(Ok as fn(StdioData) -> Chunk);
        Ok(tonic::Response::new(stream))
    }
}
