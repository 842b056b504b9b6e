//! API errors: every fault is a 4xx (or, when the server is busy, a 503) with a
//! JSON body `{"error": "…"}` that names it; nothing a request sends can make a
//! handler panic or answer 500.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use bitgames::registry::SpecError;
use serde::de::DeserializeOwned;

/// An error answer: a status and a sentence naming the fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, for people.
    pub message: String,
}

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: StatusCode, message: impl std::fmt::Display) -> Self {
        ApiError { status, message: message.to_string() }
    }

    /// 400: the request is malformed (a bad spec, a missing field).
    pub fn bad_request(message: impl std::fmt::Display) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// 422: well-formed, but the game refuses it (an illegal move, a bad position).
    pub fn unprocessable(message: impl std::fmt::Display) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// A 413: the request body is over the limit.
    pub fn body_too_large() -> Self {
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, "request body too large")
    }

    /// The answer to a spec that does not build: 404 for an unknown game or
    /// engine, 400 for the rest.
    pub fn spec(e: SpecError) -> Self {
        match e {
            SpecError::UnknownGame { .. } | SpecError::UnknownEngine { .. } => {
                Self::new(StatusCode::NOT_FOUND, e)
            }
            _ => Self::bad_request(e),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(serde_json::json!({ "error": self.message }))).into_response()
    }
}

/// A JSON body whose rejections (bad JSON, wrong content type, a body over the
/// limit) are [`ApiError`]s in JSON too, not axum's plain-text ones.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(ApiJson(v)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

fn json_rejection(r: JsonRejection) -> ApiError {
    match r.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::body_too_large(),
        status => ApiError::new(status, r.body_text()),
    }
}

/// At most 40 characters of user text, for messages.
pub fn clip(s: &str) -> String {
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(40).collect::<String>())
    } else {
        s.to_string()
    }
}
