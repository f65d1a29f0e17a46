//! Every round game, once. A new round game is a line here; what the server keeps per game (the tables and their
//! routes, configuration, HTTP and socket dispatch, the operators' arms, the event catalogue, start-up and shutdown)
//! is written once over this list with [`round_games!`](crate::round_games).

/// Calls `$callback! { [$args] (name, Variant, rules type) … }` with every round game: `name` is its room, its
/// field in per-game structs and its `RoundRules::NAME`; `Variant` names it in enums. `$args` are passed through
/// unchanged, so a callback can take what it needs from its caller (a value to match, a body to run).
#[macro_export]
macro_rules! round_games {
    ($($callback:ident)::+ ! $( ( $($args:tt)* ) )?) => {
        $($callback)::+! {
            [$($($args)*)?]
            (titli, Titli, $crate::titli::rules::Titli)
            (andar_bahar, AndarBahar, $crate::andar_bahar::rules::AndarBahar)
            (color, Color, $crate::color::rules::Color)
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::table::game::RoundRules;

    macro_rules! names {
        ([] $(($name:ident, $Variant:ident, $Rules:path))*) => {
            [$((stringify!($name), stringify!($Variant), <$Rules as RoundRules>::NAME, <$Rules as RoundRules>::KIND)),*]
        };
    }

    #[test]
    fn a_games_field_is_its_name_and_its_variant_its_ledger_kind() {
        for (field, variant, name, kind) in round_games!(names!) {
            assert_eq!(field, name);
            assert_eq!(variant, format!("{kind:?}"));
        }
    }
}
