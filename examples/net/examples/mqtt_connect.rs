//! Connects to an MQTT broker (mosquitto on 127.0.0.1 in scripts/real-servers.sh) from a
//! broker URL with credentials, with rumqttc: microurl gives the host, port and the
//! percent-decoded username and password; the client subscribes, publishes one message and
//! waits for it to come back.
//!
//! ```text
//! cargo run -p microurl-examples --example mqtt_connect -- 'mqtt://dev%2D1:s3cr%40t@127.0.0.1:18830/'
//! ```

use microurl::{Url, mqtt::Transport};
use rumqttc::{Client, Event, MqttOptions, Packet, QoS};
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let input = std::env::args()
        .nth(1)
        .ok_or("usage: mqtt_connect mqtt://user:pass@127.0.0.1:PORT/")?;
    let mut arena = [0u8; 256];
    let url = Url::parse(&input, &mut arena)?;
    let broker = url.mqtt_broker()?;
    if broker.tls || broker.transport != Transport::Tcp {
        return Err("this example speaks plain MQTT over TCP only".into());
    }
    // The address as a socket takes it (IPv6 without brackets) or the name to resolve.
    let host = broker.server.to_string();
    let (mut user, mut pass) = ([0u8; 64], [0u8; 64]);
    let user = broker
        .username
        .map(|u| u.decode_utf8_into(&mut user))
        .transpose()?
        .unwrap_or("");
    let pass = broker
        .password
        .map(|p| p.decode_utf8_into(&mut pass))
        .transpose()?
        .unwrap_or("");
    println!("broker {host}:{} user {user:?}", broker.port);

    let mut options = MqttOptions::new("microurl-example", host, broker.port);
    options.set_keep_alive(Duration::from_secs(5));
    options.set_credentials(user, pass);
    let (client, mut connection) = Client::new(options, 10);
    let topic = "microurl/example";
    client.subscribe(topic, QoS::AtLeastOnce)?;
    client.publish(topic, QoS::AtLeastOnce, false, b"hello from a URL".to_vec())?;

    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        match connection.recv_timeout(Duration::from_secs(1)) {
            Ok(Ok(Event::Incoming(Packet::ConnAck(ack)))) => println!("connack {:?}", ack.code),
            Ok(Ok(Event::Incoming(Packet::Publish(p)))) => {
                println!(
                    "received on {}: {:?}",
                    p.topic,
                    String::from_utf8_lossy(&p.payload)
                );
                client.disconnect()?;
                println!(
                    "mqtt_connect: connected with the URL's credentials, message round-tripped"
                );
                return Ok(());
            }
            Ok(Ok(_)) => {}
            Ok(Err(e)) => return Err(format!("connection: {e}").into()),
            Err(_) => {} // no event this second
        }
    }
    Err("no message back within 10 s".into())
}
