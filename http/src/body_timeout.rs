//! A request's body must arrive within a deadline, counted from when its head was read: a client that sends it
//! slowly (or never) is answered 408 `request_timeout` and its connection closed, instead of keeping a handler
//! waiting. The head has its own deadline (`HttpServer::client_request_timeout`). WebSocket upgrades are not
//! limited: after the head, their "body" is the socket itself.

use crate::error::ApiError;
use actix_http::ConnectionType;
use actix_http::error::PayloadError;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{Error, HttpMessage, ResponseError};
use casino_actors::ErrorCode;
use futures_util::Stream;
use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::time::Sleep;

/// The middleware. Wrap the app with `from_fn(move |req, next| body_timeout::guard(timeout, req, next))`;
/// a zero `timeout` turns it off.
pub async fn guard(
    timeout: Duration,
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    if timeout.is_zero() || req.head().upgrade() {
        return Ok(next.call(req).await?.map_into_boxed_body());
    }
    let expired = Rc::new(Cell::new(false));
    let body = Deadline {
        body: req.take_payload(),
        deadline: Box::pin(tokio::time::sleep(timeout)),
        expired: expired.clone(),
    };
    req.set_payload(Payload::from(Box::pin(body) as actix_http::BoxedPayloadStream));
    let res = next.call(req).await?;
    if !expired.get() {
        return Ok(res.map_into_boxed_body());
    }
    tracing::info!(path = res.request().path(), "a request body did not arrive in time");
    let message = format!("The request's body did not arrive within {} s.", timeout.as_secs_f64());
    let mut answer = ApiError::new(StatusCode::REQUEST_TIMEOUT, ErrorCode::RequestTimeout, message).error_response();
    // The rest of the body may still be on its way: the connection cannot carry another request.
    answer.head_mut().set_connection_type(ConnectionType::Close);
    Ok(res.into_response(answer))
}

/// A body that fails with a timeout once its deadline passes before its end, and records that it did.
struct Deadline {
    body: Payload,
    deadline: Pin<Box<Sleep>>,
    expired: Rc<Cell<bool>>,
}

impl Stream for Deadline {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.expired.get() {
            return Poll::Ready(None);
        }
        match Pin::new(&mut this.body).poll_next(cx) {
            Poll::Pending if this.deadline.as_mut().poll(cx).is_ready() => {
                this.expired.set(true);
                let late = std::io::Error::new(std::io::ErrorKind::TimedOut, "request body timed out");
                Poll::Ready(Some(Err(PayloadError::Io(late))))
            }
            other => other,
        }
    }
}
