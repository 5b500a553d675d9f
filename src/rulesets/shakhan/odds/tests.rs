use super::*;
use crate::rulesets::shakhan::rules::BodyForm;
use crate::rulesets::shakhan::rules::melee::ShieldUse;
use crate::rulesets::shakhan::rules::melee::fixtures::{arlos, bailor};
use crate::rulesets::shakhan::rules::tables::armour::ShieldMaterial;
use crate::rulesets::shakhan::rules::tables::tables;
use crate::rulesets::shakhan::rules::tables::weapons::WeaponKind;

fn matchup_of(striker: Striker, target: Target) -> Matchup {
    Matchup {
        striker,
        target,
        opts: StrikeOptions::new(tables()),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn odds_16_15_2_naturals_clamp_the_strike_chance() {
    let t = tables();
    assert!(close(p_strike(t, 30), 0.30));
    assert!(close(p_strike(t, 0), 0.02));
    assert!(close(p_strike(t, -40), 0.02));
    assert!(close(p_strike(t, 2), 0.02));
    assert!(close(p_strike(t, 3), 0.03));
    assert!(close(p_strike(t, 98), 0.98));
    assert!(close(p_strike(t, 100), 0.98));
    assert!(close(p_strike(t, 150), 0.98));
}

#[test]
fn odds_16_15_2_example_threshold_30_and_reverse_20() {
    // CF 14 playing C on CF 12 playing B: 25 on the +2 row, +5 for B.
    let o = strike_odds(
        &matchup_of(arlos(14, Card::C), bailor(12, Card::B)),
        tables(),
    );
    let th = o.threshold.as_ref().unwrap();
    assert_eq!((o.differential, th.base, th.total), (2, 25, 30));
    assert!(close(o.p_strike, 0.30));
    let o = strike_odds(
        &matchup_of(arlos(12, Card::B), bailor(14, Card::C)),
        tables(),
    );
    assert_eq!(o.threshold.unwrap().total, 20);
    assert!(close(o.p_strike, 0.20));
}

#[test]
fn odds_16_15_2_g_defends_at_plus_25() {
    let c = strike_odds(
        &matchup_of(arlos(14, Card::C), bailor(12, Card::C)),
        tables(),
    );
    let g = strike_odds(
        &matchup_of(arlos(14, Card::C), bailor(12, Card::G)),
        tables(),
    );
    let (c, g) = (c.threshold.unwrap(), g.threshold.unwrap());
    assert_eq!(g.total, g.base + 25);
    assert_eq!(c.base, g.base);
}

#[test]
fn odds_16_9_1_parry_cannot_strike_so_every_chance_is_zero() {
    let o = strike_odds(
        &matchup_of(arlos(14, Card::D), bailor(12, Card::C)),
        tables(),
    );
    assert!(o.threshold.is_none());
    assert_eq!(
        (o.p_strike, o.p_penetrate, o.p_critical, o.expected_damage),
        (0.0, 0.0, 0.0, 0.0)
    );
    let text = odds_text(&o, tables());
    assert!(text.contains("cannot strike"), "{text}");
}

/// Against skin (APV 0) with +0: 03–05 `nd`, 06–50 `p`, 51–75 `pc1`, 76–00
/// `pc2`; 01–02 never penetrate. So 95% penetrate, 50% critical, 50%
/// unbalance; 2D6 averages 7, so 0.95 × 7 = 6.65 points an area. On a
/// bipedal humanoid 5% of strikes Roll Twice and reach two areas.
#[test]
fn odds_16_15_4_unarmoured_target_by_hand() {
    let o = strike_odds(
        &matchup_of(arlos(14, Card::C), bailor(12, Card::B)),
        tables(),
    );
    for a in &o.areas {
        assert!(close(a.p_penetrate, 0.95));
        assert!(close(a.p_critical, 0.50));
        assert!(close(a.p_unbalance, 0.50));
        assert!(close(a.expected_damage, 6.65));
    }
    assert!(close(o.p_roll_twice, 0.05));
    let (single, twice) = (0.95, 0.05);
    assert!(close(
        o.p_penetrate,
        0.30 * (single * 0.95 + twice * (1.0 - 0.05 * 0.05))
    ));
    assert!(close(o.p_critical, 0.30 * (single * 0.5 + twice * 0.75)));
    assert!(close(o.p_unbalance, 0.30 * (single * 0.5 + twice * 0.75)));
    assert!(close(o.expected_damage_if_struck, 6.65 * 1.05));
    assert!(close(o.expected_damage, 0.30 * 6.65 * 1.05));
}

#[test]
fn odds_16_15_3_location_shares_and_roll_twice() {
    let o = strike_odds(
        &matchup_of(arlos(14, Card::C), bailor(12, Card::B)),
        tables(),
    );
    // Head is 01–15; after Roll Twice each extra roll is an area of 01–95.
    let head = 0.95 * 0.15 / 0.95 + 0.05 * (1.0 - (1.0 - 15.0 / 95.0_f64).powi(2));
    assert!(close(o.location[BodyArea::Head as usize], head));
    // Each strike reaches 1.05 areas on average.
    let areas: f64 = o.location.iter().sum();
    assert!(areas > 1.0 && areas < 1.05 + 1e-9);
}

#[test]
fn odds_16_15_3_aimed_strike_halves_the_cf_and_lands_on_dexterity_x5() {
    let mut m = matchup_of(arlos(40, Card::C), bailor(12, Card::C));
    m.opts.aim = Some(BodyArea::Head);
    let o = strike_odds(&m, tables());
    assert_eq!((o.striking_cf, o.aimed_percent), (20, Some(50)));
    assert_eq!(o.differential, 8);
    let aim = o.aim.unwrap();
    assert_eq!(aim.threshold, 70);
    assert!(close(aim.p_lands, 0.70));
    let head = 0.70 + 0.30 * (0.15 + 0.05 * (1.0 - (1.0 - 15.0 / 95.0_f64).powi(2)));
    assert!(close(o.location[BodyArea::Head as usize], head));
}

#[test]
fn odds_16_15_3_aim_at_an_area_the_form_lacks_uses_the_table() {
    let mut target = bailor(12, Card::C);
    target.body_form = BodyForm::Serpentine;
    let mut m = matchup_of(arlos(40, Card::C), target);
    m.opts.aim = Some(BodyArea::Arms);
    let o = strike_odds(&m, tables());
    let aim = o.aim.unwrap();
    assert!(!aim.form_has_area);
    assert_eq!(aim.p_lands, 0.0);
    assert_eq!(o.location[BodyArea::Arms as usize], 0.0);
}

/// A shield raised on 30 or less that nothing gets past (APV 100 against
/// -10: only the natural 99–00 `p` go on) adds one unbalance when not raised.
#[test]
fn odds_16_15_4_shield_check_and_roll() {
    let mut target = bailor(12, Card::B);
    target.shield = Some(ShieldUse {
        material: ShieldMaterial::Wood,
        apv: 0,
        check: 30,
    });
    let o = strike_odds(&matchup_of(arlos(14, Card::C), target.clone()), tables());
    let s = o.shield.unwrap();
    assert!(close(s.p_raised, 0.30));
    // Against APV 0 every `p` lets the blow on: 95%.
    assert!(close(s.p_through, 0.95));
    assert!(close(s.p_stops, 0.30 * 0.05));
    // Not raised (70%): unbalanced for certain; raised and through: 50/75%.
    let body = 0.95 * 0.5 + 0.05 * 0.75;
    assert!(close(o.p_unbalance, 0.30 * (0.70 + 0.30 * 0.95 * body)));
    assert!(close(
        o.expected_damage,
        0.30 * (0.70 + 0.285) * 6.65 * 1.05
    ));
}

#[test]
fn odds_16_15_13_concussion_does_half_when_not_penetrating() {
    let mut s = arlos(14, Card::C);
    s.weapon = WeaponKind::Mace;
    let mut target = bailor(12, Card::B);
    target.apv = [100; 6];
    let o = strike_odds(&matchup_of(s, target), tables());
    assert_eq!(o.concussion, Concussion::Half);
    let a = &o.areas[0];
    assert!(a.p_penetrate < 1.0 && a.expected_damage > 0.0);
    // Not penetrating, the mace still does something on most rolls.
    assert!(a.p_damage > a.p_penetrate);
}

#[test]
fn odds_parse_cards_and_areas() {
    assert_eq!(parse_card("c"), Ok(Card::C));
    assert_eq!(parse_card(" G "), Ok(Card::G));
    assert!(matches!(
        parse_card("H"),
        Err(OddsError::UnknownCard { .. })
    ));
    assert!(matches!(
        parse_card("CC"),
        Err(OddsError::UnknownCard { .. })
    ));
    assert_eq!(parse_area("upper_body"), Ok(BodyArea::UpperBody));
    assert_eq!(parse_area("Upper-Body"), Ok(BodyArea::UpperBody));
    let e = parse_area("tail").unwrap_err();
    assert!(e.to_string().contains("head, neck, upper_body"), "{e}");
}

fn duel() -> Checked {
    crate::rulesets::shakhan::scenario::default_scenario().unwrap()
}

#[test]
fn odds_matchup_of_the_duel_is_the_engines_strike() {
    let m = matchup(&duel(), &OddsArgs::new("Aulos", "Berrin"), tables()).unwrap();
    assert_eq!(
        (m.striker.cf, m.target.cf),
        (CombatFactor(51), CombatFactor(51))
    );
    assert_eq!(m.striker.weapon, WeaponKind::ShortSword);
    assert_eq!((m.striker.card, m.target.card), (Card::C, Card::C));
    assert!(m.target.apv[BodyArea::UpperBody as usize] > 0);
    assert!(m.opts.similar_body_form);
}

#[test]
fn odds_bad_names_are_typed_errors_listing_the_choices() {
    let t = tables();
    let e = matchup(&duel(), &OddsArgs::new("Nobody", "Berrin"), t).unwrap_err();
    assert!(e.to_string().contains("Aulos, Berrin"), "{e}");
    let e = matchup(&duel(), &OddsArgs::new("Aulos", "Aulos"), t).unwrap_err();
    assert_eq!(e, OddsError::SameFigure("Aulos".into()));
    let mut args = OddsArgs::new("Aulos", "Berrin");
    args.weapon = Some("Pike".into());
    let e = matchup(&duel(), &args, t).unwrap_err();
    assert!(e.to_string().contains("ShortSword"), "{e}");
    args.weapon = Some("short sword".into());
    assert!(matchup(&duel(), &args, t).is_ok());
    args.aim = Some("wing".into());
    assert!(matches!(
        matchup(&duel(), &args, t),
        Err(OddsError::UnknownArea { .. })
    ));
}

#[test]
fn odds_matchup_now_at_the_start_is_the_scenarios_and_follows_the_battle() {
    use crate::rulesets::shakhan::engine::Battle;
    use crate::seam::FigureId;
    let checked = duel();
    let battle = Battle::new(&checked, 1).unwrap();
    let (a, b) = (FigureId(0), FigureId(1));
    let now = matchup_now(&battle, a, b, Card::C, Card::C, None).unwrap();
    let start = matchup(&checked, &OddsArgs::new("Aulos", "Berrin"), tables()).unwrap();
    assert_eq!(now, start);
    let aimed = matchup_now(&battle, a, b, Card::B, Card::D, Some(BodyArea::Head)).unwrap();
    assert_eq!((aimed.striker.card, aimed.target.card), (Card::B, Card::D));
    assert_eq!(aimed.opts.aim, Some(BodyArea::Head));
    assert!(matchup_now(&battle, a, a, Card::C, Card::C, None).is_none());
}

#[test]
fn s16_15_4_odds_impaled_adds_15_to_every_penetration_roll() {
    // Bailor unarmoured (APV 0): at +0 a natural 01-05 does nothing, 06-50
    // penetrate, 51+ are criticals; at +15 the rows move up by three.
    let mut m = matchup_of(arlos(14, Card::C), bailor(12, Card::A));
    let plain = strike_odds(&m, tables());
    m.opts.impaled = true;
    let impaled = strike_odds(&m, tables());
    assert_eq!(
        impaled.penetration_modifier,
        plain.penetration_modifier + 15
    );
    assert!(impaled.impaled && !plain.impaled);
    assert!(close(impaled.p_strike, plain.p_strike));
    assert!(impaled.p_critical > plain.p_critical);
    let text = odds_text(&impaled, tables());
    assert!(
        text.contains("(weapon A and Strength, +15 impaled on a set weapon (16.15.4))"),
        "{text}"
    );
    assert_eq!(odds_json(&impaled)["impaled"], serde_json::json!(true));
    assert!(odds_json(&plain).get("impaled").is_none());
}
