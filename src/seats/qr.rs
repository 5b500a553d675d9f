//! A seat's link as a QR code in text: Unicode half-blocks, two modules a
//! character high, dark on light with the quiet zone, for the display to draw.

use qrcode::QrCode;
use qrcode::render::unicode::Dense1x2;

/// The QR code of `text` as lines of half-blocks; `None` if the text is too
/// long for a QR code (a link never is).
pub fn qr_text(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<Dense1x2>()
            .dark_color(Dense1x2::Dark)
            .light_color(Dense1x2::Light)
            .quiet_zone(true)
            .build(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_makes_a_square_block_of_half_blocks() {
        let text = qr_text("http://127.0.0.1:8080/s/00112233445566778899aabbccddeeff").unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let width = lines[0].chars().count();
        assert!(lines.iter().all(|l| l.chars().count() == width));
        // Two modules per character row: about half as many rows as columns.
        assert!(lines.len() * 2 >= width && lines.len() * 2 <= width + 2);
        assert!(text.contains('█') || text.contains('▀') || text.contains('▄'));
    }
}
