//! The websocket under a Socket.IO connection, with nothing between the session and the socket: the HTTP
//! response body is the connection's outgoing queue ([`super::writer`]), and incoming frames are decoded here from
//! the request body with actix-http's websocket codec (continuations joined, up to the payload limit).

use super::writer::Body;
use actix_codec::Decoder;
use actix_http::ws::{CloseCode, Codec, Frame, Item, Parser, ProtocolError, handshake};
use actix_web::body::{BodyStream, MessageBody};
use actix_web::web::{Bytes, BytesMut};
use actix_web::{HttpRequest, HttpResponse, web};
use actix_ws::AggregatedMessage;
use futures_util::Stream;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

/// Answers the upgrade: the response (`body` writes what the connection queues) and the client's messages.
pub(crate) fn upgrade(
    req: &HttpRequest,
    payload: web::Payload,
    max_payload: usize,
    body: Body,
) -> Result<(HttpResponse, Incoming), actix_web::Error> {
    let mut response = handshake(req.head())?;
    let response: HttpResponse = response.message_body(BodyStream::new(body).boxed())?.into();
    Ok((response, Incoming::new(payload, max_payload)))
}

/// Completes a websocket handshake only to close the socket at once: a second websocket for a session already
/// upgrading or upgraded is ignored so, as the reference server ignores it.
pub(crate) fn close_at_once(req: &HttpRequest) -> Result<HttpResponse, actix_web::Error> {
    let mut close = BytesMut::new();
    Parser::write_close(&mut close, Some(CloseCode::Policy.into()), false);
    let body = futures_util::stream::once(async move { Ok::<_, actix_web::Error>(close.freeze()) });
    let mut response = handshake(req.head())?;
    Ok(response.message_body(BodyStream::new(body).boxed())?.into())
}

/// What a client sends, one whole message at a time.
pub(crate) struct Incoming {
    payload: web::Payload,
    buf: BytesMut,
    codec: Codec,
    /// A text message arriving in continuation frames.
    partial: Option<BytesMut>,
    max: usize,
    done: bool,
}

impl Incoming {
    fn new(payload: web::Payload, max: usize) -> Self {
        Incoming { payload, buf: BytesMut::new(), codec: Codec::new().max_size(max), partial: None, max, done: false }
    }

    /// A decoded frame as a message, or `None` while a continued message is still arriving.
    fn message(&mut self, frame: Frame) -> Option<Result<AggregatedMessage, ProtocolError>> {
        let text = |b: Bytes| {
            bytestring::ByteString::try_from(b)
                .map(AggregatedMessage::Text)
                .map_err(|_| ProtocolError::Io(io::Error::new(io::ErrorKind::InvalidData, "text is not UTF-8")))
        };
        match frame {
            Frame::Text(b) => Some(text(b)),
            Frame::Binary(b) => Some(Ok(AggregatedMessage::Binary(b))),
            Frame::Ping(b) => Some(Ok(AggregatedMessage::Ping(b))),
            Frame::Pong(b) => Some(Ok(AggregatedMessage::Pong(b))),
            Frame::Close(reason) => Some(Ok(AggregatedMessage::Close(reason))),
            Frame::Continuation(item) => match item {
                Item::FirstText(b) => {
                    self.partial = Some(BytesMut::from(&b[..]));
                    None
                }
                // Binary messages are refused whole, like a binary frame.
                Item::FirstBinary(b) => Some(Ok(AggregatedMessage::Binary(b))),
                Item::Continue(b) => self.join(&b).err().map(Err),
                Item::Last(b) => match self.join(&b) {
                    Ok(()) => self.partial.take().map(|p| text(p.freeze())),
                    Err(e) => Some(Err(e)),
                },
            },
        }
    }

    fn join(&mut self, more: &[u8]) -> Result<(), ProtocolError> {
        let Some(partial) = self.partial.as_mut() else {
            return Err(ProtocolError::Io(io::Error::new(io::ErrorKind::InvalidData, "continuation of nothing")));
        };
        if partial.len() + more.len() > self.max {
            self.partial = None;
            return Err(ProtocolError::Overflow);
        }
        partial.extend_from_slice(more);
        Ok(())
    }
}

impl Stream for Incoming {
    type Item = Result<AggregatedMessage, ProtocolError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        loop {
            if this.done {
                return Poll::Ready(None);
            }
            match this.codec.decode(&mut this.buf) {
                Ok(Some(frame)) => {
                    if let Some(m) = this.message(frame) {
                        this.done = matches!(m, Err(_) | Ok(AggregatedMessage::Close(_)));
                        return Poll::Ready(Some(m));
                    }
                }
                Ok(None) => match Pin::new(&mut this.payload).poll_next(cx) {
                    Poll::Ready(Some(Ok(bytes))) => this.buf.extend_from_slice(&bytes),
                    Poll::Ready(Some(Err(e))) => {
                        this.done = true;
                        return Poll::Ready(Some(Err(ProtocolError::Io(io::Error::other(e.to_string())))));
                    }
                    Poll::Ready(None) => {
                        this.done = true;
                        return Poll::Ready(None);
                    }
                    Poll::Pending => return Poll::Pending,
                },
                Err(e) => {
                    this.done = true;
                    return Poll::Ready(Some(Err(e)));
                }
            }
        }
    }
}
