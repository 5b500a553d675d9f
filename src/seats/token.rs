//! A seat's token: the secret in its link. 128 bits from the operating
//! system's generator, written as 32 lowercase hex digits, compared in
//! constant time.

use std::fmt;

use rand::TryRng;
use rand::rngs::SysRng;

/// Bytes in a token: 128 bits, beyond guessing over a table's network.
const BYTES: usize = 16;

/// One side's secret. `Debug` hides it, so a log or a panic never prints it.
#[derive(Clone, PartialEq, Eq)]
pub struct Token([u8; BYTES]);

/// The operating system could not give random bytes for a token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the operating system gave no random bytes for a seat's link ({0}); try again")]
pub struct NoEntropy(String);

impl Token {
    /// A new token from the OS generator (getrandom).
    pub fn generate() -> Result<Token, NoEntropy> {
        let mut bytes = [0; BYTES];
        SysRng
            .try_fill_bytes(&mut bytes)
            .map_err(|e| NoEntropy(e.to_string()))?;
        Ok(Token(bytes))
    }

    /// A token given whole, for tests that need a link that never changes.
    pub fn from_bytes(bytes: [u8; BYTES]) -> Token {
        Token(bytes)
    }

    /// Whether `given` (as it came in a request) is this token. Every byte is
    /// compared whatever the first difference, so the time taken tells
    /// nothing of how much of a guess was right; only the length (public:
    /// every token has it) ends early.
    pub fn matches(&self, given: &str) -> bool {
        let Some(bytes) = parse(given) else {
            return false;
        };
        let diff = self
            .0
            .iter()
            .zip(bytes.iter())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b));
        std::hint::black_box(diff) == 0
    }

    /// The token written as `hex` (32 hex digits), if it is one.
    pub fn from_hex(hex: &str) -> Option<Token> {
        parse(hex).map(Token)
    }

    /// The 32 hex digits that go in the link.
    pub fn reveal(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(…)")
    }
}

/// 32 hex digits as bytes; anything else is no token.
fn parse(s: &str) -> Option<[u8; BYTES]> {
    let s = s.as_bytes();
    if s.len() != 2 * BYTES {
        return None;
    }
    let mut out = [0; BYTES];
    for (i, pair) in s.chunks_exact(2).enumerate() {
        let hi = (pair[0] as char).to_digit(16)?;
        let lo = (pair[1] as char).to_digit(16)?;
        out[i] = (hi * 16 + lo) as u8;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_matches_its_own_hex_and_nothing_else() {
        let t = Token::from_bytes([0xab; BYTES]);
        let hex = t.reveal();
        assert_eq!(hex.len(), 32);
        assert!(t.matches(&hex));
        assert!(t.matches(&hex.to_uppercase()), "hex digits in either case");
        let mut wrong = hex.clone();
        wrong.replace_range(31.., "c");
        assert!(!t.matches(&wrong));
        assert!(!t.matches(&hex[..30]), "too short");
        assert!(!t.matches(&format!("{hex}00")), "too long");
        assert!(!t.matches(&"zz".repeat(16)), "not hex");
        assert!(!t.matches(""));
    }

    #[test]
    fn generated_tokens_differ_and_debug_hides_them() {
        let a = Token::generate().unwrap();
        let b = Token::generate().unwrap();
        assert_ne!(a, b, "128 random bits twice alike");
        assert!(!format!("{a:?}").contains(&a.reveal()));
    }
}
