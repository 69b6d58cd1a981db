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
//! Output waits in one queue of at most [`PENDING_LIMIT`] bytes, whether
//! or not a client streams it: written before a client asks, it is sent
//! when one does; a client that reads more slowly than the provider writes
//! loses the oldest output beyond the limit, rather than the provider's
//! memory growing (go-plugin's writer would block on a full pipe instead;
//! these writers never block). A later `StreamStdio` call takes the
//! stream over from an earlier one, which ends.

use std::collections::VecDeque;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::{Mutex, PoisonError};
use std::task::{Context, Poll};

use tokio::sync::futures::Notified;
use tokio::sync::Notify;
use tokio_stream::Stream;

use super::proto::plugin::grpc_stdio_server::GrpcStdio;
use super::proto::plugin::stdio_data::Channel;
use super::proto::plugin::StdioData;

/// How much output waits for the client, at most.
pub const PENDING_LIMIT: usize = 1 << 20;

/// The output of the process, on its way to the client.
struct Hub {
    /// Written and not yet sent (oldest first), and its size.
    pending: VecDeque<StdioData>,
    pending_bytes: usize,
    /// Which `StreamStdio` call streams the output: the latest one.
    stream: u64,
}

static HUB: Mutex<Hub> = Mutex::new(Hub {
    pending: VecDeque::new(),
    pending_bytes: 0,
    stream: 0,
});

/// Woken when output is written or a stream is taken over.
static CHANGED: Notify = Notify::const_new();

fn hub() -> std::sync::MutexGuard<'static, Hub> {
    HUB.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Hub {
    /// Queues a chunk, dropping the oldest beyond the limit.
    fn push(&mut self, chunk: StdioData) {
        self.pending_bytes += chunk.data.len();
        self.pending.push_back(chunk);
        while self.pending_bytes > PENDING_LIMIT {
            match self.pending.pop_front() {
                Some(old) => self.pending_bytes -= old.data.len(),
                None => break,
            }
        }
    }

    /// The oldest chunk waiting.
    fn pop(&mut self) -> Option<StdioData> {
        let chunk = self.pending.pop_front()?;
        self.pending_bytes -= chunk.data.len();
        Some(chunk)
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
            hub().push(StdioData {
                channel: self.channel as i32,
                data: buf.to_vec(),
            });
            CHANGED.notify_waiters();
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
    type StreamStdioStream = StdioStream;

    async fn stream_stdio(
        &self,
        _request: tonic::Request<()>,
    ) -> Result<tonic::Response<Self::StreamStdioStream>, tonic::Status> {
        tracing::debug!("the plugin client asked for the stdio stream");
        let stream = {
            let mut hub = hub();
            hub.stream += 1;
            hub.stream
        };
        // An earlier stream sees it is taken over, and ends.
        CHANGED.notify_waiters();
        Ok(tonic::Response::new(StdioStream {
            stream,
            changed: None,
        }))
    }
}

/// The chunks of one `StreamStdio` call, taken from the queue as the
/// client reads them; it ends when a later call takes the stream over.
pub(super) struct StdioStream {
    /// Which call this is.
    stream: u64,
    /// The wakeup this stream waits for, while the queue is empty.
    changed: Option<Pin<Box<Notified<'static>>>>,
}

impl Stream for StdioStream {
    type Item = Chunk;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Chunk>> {
        let this = self.get_mut();
        loop {
            // Waiting starts before the queue is looked at, so a chunk
            // written in between wakes this stream.
            let changed = this
                .changed
                .get_or_insert_with(|| Box::pin(CHANGED.notified()));
            changed.as_mut().enable();
            {
                let mut hub = hub();
                if hub.stream != this.stream {
                    return Poll::Ready(None);
                }
                if let Some(chunk) = hub.pop() {
                    return Poll::Ready(Some(Ok(chunk)));
                }
            }
            match changed.as_mut().poll(cx) {
                Poll::Ready(()) => this.changed = None,
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;
    use std::time::Duration;

    use tokio_stream::StreamExt as _;

    use super::*;

    async fn subscribe() -> StdioStream {
        let answer = StdioService.stream_stdio(tonic::Request::new(())).await;
        answer.expect("a stream").into_inner()
    }

    async fn next(stream: &mut StdioStream) -> Option<StdioData> {
        let chunk = tokio::time::timeout(Duration::from_secs(5), stream.next()).await;
        chunk
            .expect("a chunk or the end in time")
            .map(|c| c.expect("a chunk"))
    }

    /// One test: the queue is the process's.
    #[tokio::test]
    async fn a_slow_client_loses_the_oldest_output_and_a_later_one_takes_over() {
        let mut stream = subscribe().await;
        // 3 MiB written while the client reads nothing: the queue keeps
        // the newest 1 MiB (16 chunks of 64 KiB), in order.
        for i in 0..48u8 {
            stdout().write_all(&vec![i; 64 << 10]).unwrap();
        }
        assert_eq!(hub().pending_bytes, PENDING_LIMIT);
        for i in 32..48u8 {
            let chunk = next(&mut stream).await.expect("a chunk");
            assert_eq!((chunk.data[0], chunk.data.len()), (i, 64 << 10));
        }
        // Waiting on an empty queue, the stream wakes for the next write.
        let waiting = tokio::spawn(async move {
            let chunk = next(&mut stream).await;
            (chunk, stream)
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        stderr().write_all(b"late").unwrap();
        let (chunk, mut stream) = waiting.await.unwrap();
        let chunk = chunk.expect("the late chunk");
        assert_eq!(chunk.data, b"late");
        assert_eq!(chunk.channel, Channel::Stderr as i32);
        // A later call takes the stream over: the earlier one ends, the
        // later one gets what is written next.
        let mut later = subscribe().await;
        assert!(next(&mut stream).await.is_none());
        stdout().write_all(b"after").unwrap();
        assert_eq!(next(&mut later).await.expect("a chunk").data, b"after");
    }
}
