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

pub fn signup_password(raw: &str) -> Result<&str, Invalid> {
    let n = raw.chars().count();
    if (PASSWORD_MIN_SIGNUP..=PASSWORD_MAX).contains(&n) { Ok(raw) } else { Err(Invalid::Password) }
}

pub fn reset_password(raw: &str) -> Result<&str, Invalid> {
    let n = raw.chars().count();
    if (PASSWORD_MIN_RESET..=PASSWORD_MAX).contains(&n) { Ok(raw) } else { Err(Invalid::ResetPassword) }
}

#[cfg(test)]
mod tests {
    use super::*;

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
