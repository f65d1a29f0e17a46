//! Argon2id password hashes (PHC strings) computed in memory the caller owns.
//!
//! Each hash needs 19 MiB. Allocated per hash, that memory is taken from glibc's per-thread arenas once the dynamic
//! mmap threshold has risen past it, and the arenas keep it: a flood of wrong passwords grew the server by about
//! 1 GB. The hashing queue instead gives each of its slots one [`Memory`], made once and reused, so the hashes take
//! slots × 19 MiB whatever the load.

use super::AccountError;
use argon2::password_hash::{Output, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use rand::RngCore;

/// The work memory of one Argon2 run at the default parameters (m = 19456 KiB).
pub struct Memory(Vec<Block>);

impl Memory {
    pub fn new() -> Self {
        Memory(vec![Block::default(); Params::default().block_count()])
    }
}

impl Default for Memory {
    fn default() -> Self {
        Self::new()
    }
}

/// A new salted Argon2id hash of `password` at the default parameters.
pub fn hash_password(password: &str, memory: &mut Memory) -> Result<String, AccountError> {
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(|_| AccountError::Hashing)?;
    let params = Params::default();
    let hash = run(Algorithm::Argon2id, Version::default(), params.clone(), password, &salt.as_salt(), memory)
        .map_err(|_| AccountError::Hashing)?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::default().into()),
        params: (&params).try_into().map_err(|_| AccountError::Hashing)?,
        salt: Some(salt.as_salt()),
        hash: Some(hash),
    };
    Ok(phc.to_string())
}

/// Whether `password` matches the PHC string `hash` (compared in constant time). Anything that is not an Argon2
/// hash matches nothing.
pub fn verify_password(password: &str, hash: &str, memory: &mut Memory) -> bool {
    let Ok(phc) = PasswordHash::new(hash) else { return false };
    let (Some(salt), Some(expected)) = (phc.salt, phc.hash) else { return false };
    let (Ok(algorithm), Ok(params)) = (Algorithm::try_from(phc.algorithm), Params::try_from(&phc)) else {
        return false;
    };
    let Ok(version) = phc.version.map(Version::try_from).transpose() else { return false };
    run(algorithm, version.unwrap_or_default(), params, password, &salt, memory).is_ok_and(|got| got == expected)
}

/// One Argon2 run; a hash stored with more memory than the default (none of ours) gets its own for this run.
fn run(
    algorithm: Algorithm,
    version: Version,
    params: Params,
    password: &str,
    salt: &argon2::password_hash::Salt<'_>,
    memory: &mut Memory,
) -> Result<Output, argon2::password_hash::Error> {
    let mut salt_bytes = [0u8; 64];
    let salt = salt.decode_b64(&mut salt_bytes)?;
    let len = params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN);
    let blocks = params.block_count();
    let argon = Argon2::new(algorithm, version, params);
    Output::init_with(len, |out| {
        let done = if blocks <= memory.0.len() {
            argon.hash_password_into_with_memory(password.as_bytes(), salt, out, &mut memory.0[..blocks])
        } else {
            argon.hash_password_into(password.as_bytes(), salt, out)
        };
        done.map_err(|_| argon2::password_hash::Error::Password)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::password_hash::{PasswordHasher, PasswordVerifier};

    /// Ours and the crate's own hasher agree both ways, so hashes stored before this change still verify.
    #[test]
    fn hashes_agree_with_the_argon2_crate_both_ways() {
        let mut memory = Memory::new();
        let ours = hash_password("secret1", &mut memory).unwrap();
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(Argon2::default().verify_password(b"secret1", &parsed).is_ok());
        assert!(Argon2::default().verify_password(b"secret2", &parsed).is_err());

        let salt = SaltString::encode_b64(b"0123456789abcdef").unwrap();
        let theirs = Argon2::default().hash_password(b"s3cret pass", &salt).unwrap().to_string();
        assert!(verify_password("s3cret pass", &theirs, &mut memory));
        assert!(!verify_password("s3cret pasS", &theirs, &mut memory));
        // Reusing the memory changes nothing.
        assert!(verify_password("secret1", &ours, &mut memory));
    }

    #[test]
    fn other_parameters_and_junk() {
        let mut memory = Memory::new();
        // Smaller and larger memory than the default, and Argon2i.
        for (alg, m) in [(Algorithm::Argon2id, 1024), (Algorithm::Argon2id, 20_000), (Algorithm::Argon2i, 4096)] {
            let params = Params::new(m, 2, 1, None).unwrap();
            let salt = SaltString::encode_b64(b"saltsaltsaltsalt").unwrap();
            let h = Argon2::new(alg, Version::V0x13, params).hash_password(b"pw123456", &salt).unwrap().to_string();
            assert!(verify_password("pw123456", &h, &mut memory), "{h}");
            assert!(!verify_password("pw12345", &h, &mut memory), "{h}");
        }
        for junk in ["", "$", "!fixture: token only", "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA", "$bcrypt$x$y$z"] {
            assert!(!verify_password("", junk, &mut memory), "{junk:?}");
        }
    }
}
