//! The floor: what delivering one pre-encoded websocket frame to each of N loopback sockets costs with the least
//! user-space work (one `write` per socket per frame from one thread, nothing else). A server's CPU per delivered
//! frame is read against this. Receivers drain on another thread and are not counted in the sender's figure.

use anyhow::Context;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct FloorArgs {
    /// Loopback connections.
    #[arg(long, default_value_t = 3_000)]
    pub connections: usize,
    /// Broadcasts: each sends one frame to every connection.
    #[arg(long, default_value_t = 200)]
    pub broadcasts: usize,
    /// Payload bytes per frame (an Aviator state frame is about 150).
    #[arg(long, default_value_t = 150)]
    pub size: usize,
}

/// CPU seconds (user + system) of the calling thread.
fn thread_cpu_secs() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    Some((f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?) as f64 / 100.0)
}

pub fn run(args: FloorArgs) -> anyhow::Result<()> {
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let addr = listener.local_addr()?;
    let mut clients = Vec::with_capacity(args.connections);
    let mut servers = Vec::with_capacity(args.connections);
    for _ in 0..args.connections {
        clients.push(TcpStream::connect(addr).context("connect (raise ulimit -n?)")?);
        let (s, _) = listener.accept()?;
        s.set_nodelay(true)?;
        servers.push(s);
    }
    // A text frame from a server: FIN + opcode 1, unmasked, 16-bit length when over 125 bytes.
    let mut frame = vec![0x81u8];
    if args.size < 126 {
        frame.push(args.size as u8);
    } else {
        frame.push(126);
        frame.extend_from_slice(&(args.size as u16).to_be_bytes());
    }
    frame.extend(std::iter::repeat_n(b'x', args.size));
    let expected = frame.len() * args.broadcasts;
    let readers = std::thread::spawn(move || -> usize {
        let mut buf = vec![0u8; 64 * 1024];
        let mut total = 0;
        for c in &mut clients {
            let _ = c.set_read_timeout(Some(Duration::from_millis(1)));
        }
        let mut left: Vec<usize> = vec![expected; clients.len()];
        while left.iter().any(|l| *l > 0) {
            for (c, l) in clients.iter_mut().zip(left.iter_mut()).filter(|(_, l)| **l > 0) {
                if let Ok(n) = c.read(&mut buf) {
                    *l = l.saturating_sub(n);
                    total += n;
                }
            }
        }
        total
    });
    let cpu_before = thread_cpu_secs();
    let started = Instant::now();
    for _ in 0..args.broadcasts {
        for s in &mut servers {
            s.write_all(&frame)?;
        }
    }
    let wall = started.elapsed();
    let cpu = thread_cpu_secs().zip(cpu_before).map(|(a, b)| a - b);
    let received = readers.join().map_err(|_| anyhow::anyhow!("reader thread panicked"))?;
    let frames = (args.connections * args.broadcasts) as f64;
    println!("connections {}  broadcasts {}  frame {} bytes", args.connections, args.broadcasts, frame.len());
    println!("delivered bytes {received} of {}", expected * args.connections);
    println!("sender wall µs per frame   {:.2}", wall.as_secs_f64() * 1e6 / frames);
    if let Some(cpu) = cpu {
        println!("sender CPU µs per frame    {:.2}", cpu * 1e6 / frames);
    }
    Ok(())
}
