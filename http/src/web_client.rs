//! Serves the built React client: static files from its `dist` folder, and `index.html` for every
//! client route. `/api/*`, `/socket.io/*` and `/metrics` stay the server's (they are registered first).

use actix_files::{Files, NamedFile};
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use std::path::PathBuf;

pub fn spa(dir: PathBuf) -> Files {
    let index = dir.join("index.html");
    Files::new("/", dir).index_file("index.html").default_handler(fn_service(move |req: ServiceRequest| {
        let index = index.clone();
        async move {
            let (req, _) = req.into_parts();
            let path = req.path().to_string();
            if path.starts_with("/api/") || path.starts_with("/socket.io") || path.starts_with("/wallet/") {
                let res = crate::error::ApiError::not_found("No such endpoint");
                return Ok(ServiceResponse::from_err(res, req));
            }
            let file = NamedFile::open_async(index).await?;
            let res = file.into_response(&req);
            Ok(ServiceResponse::new(req, res))
        }
    }))
}
