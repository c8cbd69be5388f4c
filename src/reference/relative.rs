//! `Url::make_relative`.
