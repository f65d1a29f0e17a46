use super::rules::*;
use crate::hold::rules::{IST_OFFSET_MS, ist_day_start};
use crate::money::Paise;
use crate::rg::rules::days_from_civil;

/// Noon IST on a date.
fn noon(y: i64, m: u32, d: u32) -> i64 {
    ist_day_start(days_from_civil(y, m, d)) + 12 * 3600 * 1000
}

#[test]
fn age_counts_full_years_from_the_birthday_itself() {
    let born = days_from_civil(2008, 11, 29);
    assert_eq!(age(born, days_from_civil(2026, 11, 28)), 17);
    assert_eq!(age(born, days_from_civil(2026, 11, 29)), 18);
    // 29 February: the birthday counts from 1 March in other years.
    let leap = days_from_civil(2008, 2, 29);
    assert_eq!(age(leap, days_from_civil(2026, 2, 28)), 17);
    assert_eq!(age(leap, days_from_civil(2026, 3, 1)), 18);
    assert_eq!(age(leap, days_from_civil(2028, 2, 29)), 20);
}

#[test]
fn a_sign_up_declares_a_real_past_date_and_a_known_region() {
    let all = AllowedRegions::all();
    let now = noon(2026, 11, 29);
    let ok = declare("2000-01-15", "in-mh", now, 18, &all).unwrap();
    assert_eq!(ok.region.code, "IN-MH");
    assert_eq!(ok.date_of_birth_text(), "2000-01-15");
    for bad in ["", "15-01-2000", "2000-1-15", "2000-02-30", "2000-13-01", "２０００-01-15", "2027-01-01", "1900-01-01"]
    {
        assert_eq!(declare(bad, "IN-MH", now, 18, &all), Err(Declaration::DateOfBirth), "{bad:?}");
    }
    assert_eq!(declare("2000-01-15", "", now, 18, &all), Err(Declaration::Region));
    assert_eq!(declare("2000-01-15", "XX", now, 18, &all), Err(Declaration::Region));
    // Eighteen on the IST day of the sign-up, not the UTC one: 29 Nov 00:30 IST is still 28 Nov in UTC.
    let just_after_midnight = ist_day_start(days_from_civil(2026, 11, 29)) + 30 * 60 * 1000;
    assert!(just_after_midnight + IST_OFFSET_MS > 0);
    assert!(declare("2008-11-29", "IN-MH", just_after_midnight, 18, &all).is_ok());
    assert_eq!(declare("2008-11-30", "IN-MH", just_after_midnight, 18, &all), Err(Declaration::Underage(18)));
    assert_eq!(declare("2005-11-30", "IN-MH", now, 21, &all), Err(Declaration::Underage(21)));
}

#[test]
fn allowed_regions_take_countries_whole_and_refuse_unknown_codes() {
    let list = AllowedRegions::parse(" in-sk, IN-NL ,MT").unwrap();
    assert!(list.allows("IN-SK") && list.allows("IN-NL") && list.allows("MT"));
    assert!(!list.allows("IN-MH") && !list.allows("GB"));
    assert_eq!(list.describe(), "IN-NL,IN-SK,MT");
    let india = AllowedRegions::parse("IN").unwrap();
    assert!(india.allows("IN-MH") && india.allows("IN-TN") && !india.allows("NP"));
    assert_eq!(india.refused().len(), REGIONS.iter().filter(|r| !r.code.starts_with("IN-")).count());
    assert_eq!(AllowedRegions::parse("").unwrap(), AllowedRegions::all());
    assert_eq!(AllowedRegions::parse("*").unwrap(), AllowedRegions::all());
    assert!(AllowedRegions::all().refused().is_empty());
    assert_eq!(AllowedRegions::parse("IN-SK,IN-XX"), Err("unknown region `IN-XX`".to_string()));
    let now = noon(2026, 11, 29);
    assert_eq!(declare("2000-01-15", "IN-MH", now, 18, &list), Err(Declaration::RegionNotAllowed("Maharashtra")));
    // Every code is unique and every subdivision's country is known as a prefix of its code.
    let mut codes: Vec<_> = REGIONS.iter().map(|r| r.code).collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), REGIONS.len());
}

#[test]
fn a_withdrawal_past_either_threshold_needs_a_verified_identity() {
    let t = Thresholds::default();
    let r = Paise::from_rupees;
    assert!(!t.needs_verified(r(10_000), Paise::ZERO));
    assert!(t.needs_verified(Paise::new(1_000_001), Paise::ZERO));
    assert!(!t.needs_verified(r(10_000), r(40_000)));
    assert!(t.needs_verified(Paise::new(1), r(50_000)));
    assert!(!t.needs_verified(Paise::new(1), Paise::new(4_999_999)));
    assert!(t.needs_verified(Paise::new(1), Paise::new(i64::MAX)));
}

#[test]
fn documents_are_known_by_their_bytes() {
    assert_eq!(ImageKind::sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Some(ImageKind::Jpeg));
    assert_eq!(ImageKind::sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some(ImageKind::Png));
    assert_eq!(ImageKind::sniff(b"RIFF\x10\0\0\0WEBPVP8 "), Some(ImageKind::Webp));
    for not in [&b"GIF89a......"[..], b"%PDF-1.7", b"<svg xmlns=", b"", b"\xFF\xD8", b"RIFF\0\0\0\0WAVEfmt "] {
        assert_eq!(ImageKind::sniff(not), None, "{not:?}");
    }
}

#[test]
fn uploads_need_a_front_and_each_an_image_within_the_size() {
    use super::kyc::{KycError, Upload, check_uploads};
    let png = |n: usize| [&b"\x89PNG\r\n\x1a\n"[..], &vec![0u8; n]].concat();
    let up = |side, bytes| Upload { side, bytes };
    assert!(check_uploads(&[up("front", png(10)), up("back", png(10))], 100).is_ok());
    assert!(matches!(check_uploads(&[up("back", png(10))], 100), Err(KycError::NoFront)));
    assert!(matches!(check_uploads(&[up("front", png(93))], 100), Err(KycError::TooLarge { side: "front", max: 100 })));
    assert!(check_uploads(&[up("front", png(92))], 100).is_ok());
    assert!(matches!(
        check_uploads(&[up("front", png(1)), up("back", b"%PDF-1.7".to_vec())], 100),
        Err(KycError::NotAnImage("back"))
    ));
}

#[test]
fn identity_details_are_normalised_or_refused() {
    let d = identity_details(" Asha Verma ", "pan", "abcde 1234-f").unwrap();
    assert_eq!((d.full_name.as_str(), d.id_type, d.id_number.as_str()), ("Asha Verma", "pan", "ABCDE1234F"));
    assert_eq!(identity_details("Ab", "pan", "ABCDE1234F"), Err(Details::FullName));
    assert_eq!(identity_details("Asha Verma", "library_card", "ABCDE1234F"), Err(Details::IdType));
    assert_eq!(identity_details("Asha Verma", "pan", "AB1"), Err(Details::IdNumber));
    assert_eq!(identity_details("Asha Verma", "pan", "ABCDE1234F<script>"), Err(Details::IdNumber));
    assert_eq!(identity_details("Asha Verma", "pan", &"1".repeat(21)), Err(Details::IdNumber));
}

#[test]
fn kyc_levels_follow_the_status() {
    assert_eq!(KycStatus::None.level(), KycLevel::None);
    assert_eq!(KycStatus::Pending.level(), KycLevel::Basic);
    assert_eq!(KycStatus::Rejected.level(), KycLevel::Basic);
    assert_eq!(KycStatus::Approved.level(), KycLevel::Verified);
    for s in [KycStatus::None, KycStatus::Pending, KycStatus::Approved, KycStatus::Rejected] {
        assert_eq!(KycStatus::parse(s.as_str()), Some(s));
    }
}
