//! A seat's link as a QR code in text: Unicode half-blocks, two modules a
//! character high, `█` for dark, without the quiet zone (the display pads
//! it with light cells, so the code fits an 80×24 screen).

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
            .quiet_zone(false)
            .build(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_makes_a_square_block_of_half_blocks() {
        let text =
            qr_text("HTTP://255.255.255.255:65535/S/00112233445566778899AABBCCDDEEFF").unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let width = lines[0].chars().count();
        assert!(lines.iter().all(|l| l.chars().count() == width));
        // Two modules per character row: half as many rows as columns.
        assert_eq!(lines.len(), width.div_ceil(2));
        // The longest link in capitals (QR's alphanumeric mode) fits version
        // 3 (29 modules): padded, 33 columns and 17 rows, within 80×24.
        assert_eq!(width, 29);
        // The finder pattern's first two rows: seven dark modules over a dark
        // one, five light and a dark one.
        assert!(lines[0].starts_with("█▀▀▀▀▀█"), "{text}");
    }
}
