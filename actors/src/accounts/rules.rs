//! Pure sign-up and reset rules, with the messages a player sees (spec: platform §5).

pub const NAME_MIN: usize = 4;
pub const PASSWORD_MIN_SIGNUP: usize = 5;
pub const PASSWORD_MIN_RESET: usize = 6;
const FIELD_MAX: usize = 64;
const PASSWORD_MAX: usize = 128;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    #[error("Name must have at least 4 letters (letters and spaces only)")]
    Name,
    #[error("Password must have at least 5 characters")]
    Password,
    #[error("Password must have at least 6 characters")]
    ResetPassword,
    #[error("Phone number is required")]
    Phone,
    #[error("Enter a valid e-mail address, like name@example.com")]
    Email,
}

/// Letters (any script) and spaces, at least four letters after trimming.
pub fn name(raw: &str) -> Result<String, Invalid> {
    let t = raw.trim();
    let ok = t.chars().count() >= NAME_MIN
        && t.chars().count() <= FIELD_MAX
        && t.chars().all(|c| c.is_alphabetic() || c == ' ');
    if ok { Ok(t.to_string()) } else { Err(Invalid::Name) }
}

/// Non-empty after trimming; digits, spaces, `+` and `-` only, so it can be dialled and typed back.
pub fn phone(raw: &str) -> Result<String, Invalid> {
    let t = raw.trim();
    let ok = !t.is_empty()
        && t.len() <= 20
        && t.chars().any(|c| c.is_ascii_digit())
        && t.chars().all(|c| c.is_ascii_digit() || c == '+' || c == '-' || c == ' ');
    if ok { Ok(t.to_string()) } else { Err(Invalid::Phone) }
}

/// An e-mail address a person can be written to: `local@domain.tld`, no spaces, at most 254 characters; `None` when
/// left empty (the address removed). Stored lower-cased, so logging in by it does not depend on case.
pub fn email(raw: &str) -> Result<Option<String>, Invalid> {
    let t = raw.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let (local, domain) = t.rsplit_once('@').ok_or(Invalid::Email)?;
    let labels: Vec<&str> = domain.split('.').collect();
    let ok = t.len() <= 254
        && !local.is_empty()
        && local.len() <= 64
        && !local.contains('@')
        && t.chars().all(|c| c.is_ascii_graphic())
        && labels.len() >= 2
        && labels.iter().all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        && labels.last().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    if ok { Ok(Some(t.to_ascii_lowercase())) } else { Err(Invalid::Email) }
}

pub fn signup_password(raw: &str) -> Result<&str, Invalid> {
    let n = raw.chars().count();
    if (PASSWORD_MIN_SIGNUP..=PASSWORD_MAX).contains(&n) { Ok(raw) } else { Err(Invalid::Password) }
}

pub fn reset_password(raw: &str) -> Result<&str, Invalid> {
    let n = raw.chars().count();
    if (PASSWORD_MIN_RESET..=PASSWORD_MAX).contains(&n) { Ok(raw) } else { Err(Invalid::ResetPassword) }
}

/// Digits in a reset code: with the per-account guess budget (`RESET_GUESSES_PER_ACCOUNT` a day) a
/// guesser's chance is about one in 10¹¹ a day, and twelve digits still type easily on a phone keypad.
pub const RESET_CODE_DIGITS: usize = 12;

/// A fresh reset code from `rng` (randomness is an input).
pub fn new_reset_code(rng: &mut impl rand::Rng) -> String {
    (0..RESET_CODE_DIGITS).map(|_| char::from(b'0' + rng.random_range(0..10u8))).collect()
}

/// A typed code as stored: spaces and dashes (the way codes are read out in groups) removed.
pub fn typed_code(raw: &str) -> String {
    raw.chars().filter(|c| !c.is_whitespace() && *c != '-').collect()
}

/// The one spelling of a login identifier, for counting attempts against names that match no account:
/// `+100001`, `0100001` and ` 100001 ` are one key; phone separators are dropped; e-mail is lower-cased.
pub fn identifier_key(raw: &str) -> String {
    let compact: String = raw.trim().chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
    let digits = compact.strip_prefix('+').unwrap_or(&compact);
    if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
        let trimmed = digits.trim_start_matches('0');
        return if trimmed.is_empty() { "0".into() } else { trimmed.to_string() };
    }
    compact.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e_mail_addresses() {
        assert_eq!(email(" Asha.K+play@Mail.Example.in "), Ok(Some("asha.k+play@mail.example.in".into())));
        assert_eq!(email("  "), Ok(None));
        for bad in ["asha", "asha@", "@x.in", "a b@x.in", "a@x", "a@x.1", "a@-.in..", "a@x..in", "a@b@x.in", "अ@x.in"]
        {
            assert_eq!(email(bad), Err(Invalid::Email), "{bad}");
        }
        assert_eq!(email(&format!("{}@x.in", "a".repeat(65))), Err(Invalid::Email));
    }

    #[test]
    fn identifier_spellings_of_one_number_share_a_key() {
        let k = identifier_key("100001");
        for s in ["+100001", "0100001", " 100001 ", "100-001", "00100001"] {
            assert_eq!(identifier_key(s), k, "{s}");
        }
        assert_eq!(identifier_key(" Asha@Example.COM "), "asha@example.com");
        assert_ne!(identifier_key("100002"), k);
    }

    #[test]
    fn reset_codes_are_twelve_digits_and_typed_codes_ignore_grouping() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let a = new_reset_code(&mut rng);
        assert_eq!(a.len(), RESET_CODE_DIGITS);
        assert!(a.chars().all(|c| c.is_ascii_digit()));
        assert_ne!(a, new_reset_code(&mut rng));
        assert_eq!(typed_code(" 1234 5678-9012 "), "123456789012");
    }

    #[test]
    fn names_need_four_letters_and_only_letters_or_spaces() {
        assert_eq!(name("  Ravi Kumar "), Ok("Ravi Kumar".into()));
        assert_eq!(name("अमित शाह"), Ok("अमित शाह".into()));
        assert_eq!(name("Ram"), Err(Invalid::Name));
        assert_eq!(name("R2D2 Unit"), Err(Invalid::Name));
    }

    #[test]
    fn phones_must_be_present_and_dialable() {
        assert_eq!(phone(" 98765 43210 "), Ok("98765 43210".into()));
        assert_eq!(phone("   "), Err(Invalid::Phone));
        assert_eq!(phone("call me"), Err(Invalid::Phone));
    }

    #[test]
    fn password_minimums_differ_between_signup_and_reset() {
        assert!(signup_password("abcde").is_ok());
        assert_eq!(signup_password("abcd"), Err(Invalid::Password));
        assert_eq!(reset_password("abcde"), Err(Invalid::ResetPassword));
        assert!(reset_password("abcdef").is_ok());
    }
}
