//! What HTTP, CoAP and MQTT stacks need from a URL: each protocol's own reading of it.

pub mod coap;
pub(crate) mod http;
pub mod mqtt;
