//! Arbitrary bytes into the Engine.IO / Socket.IO parser: it must never panic, and whatever it accepts must
//! survive encode → parse unchanged (the wire format we emit is one we accept, meaning for meaning).

#![no_main]

use casino_http::socketio::codec::{EioPacket, SioPacket};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(frame) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(packet) = EioPacket::parse(frame) {
        let wire = packet.encode();
        assert_eq!(
            EioPacket::parse(&wire).as_ref(),
            Ok(&packet),
            "{frame:?} re-encoded as {wire:?}"
        );
        // Encoding is canonical: a second round changes nothing.
        assert_eq!(
            wire,
            EioPacket::parse(&wire)
                .map(|p| p.encode())
                .unwrap_or_default()
        );
    }
    if let Ok(packet) = SioPacket::parse(frame) {
        let wire = packet.encode();
        assert_eq!(
            SioPacket::parse(&wire).as_ref(),
            Ok(&packet),
            "{frame:?} re-encoded as {wire:?}"
        );
    }
});
