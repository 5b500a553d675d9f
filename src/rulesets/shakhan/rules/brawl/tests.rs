//! Scripted-dice tests, one or more per rule of 16.10.4.

use super::*;
use crate::dice::Dice;
use crate::rulesets::shakhan::rules::melee::fixtures::{arlos, bailor};
use crate::rulesets::shakhan::rules::melee::{StrikeOptions, Striker, Target};
use crate::rulesets::shakhan::rules::tables::tables;
use crate::rulesets::shakhan::rules::tables::weapons::WeaponKind;
use crate::rulesets::shakhan::rules::wound::Consequence;
use crate::rulesets::shakhan::rules::{BodyArea, Card};

/// Arlos bare-handed: hands and feet (1D2 per level, A 0), Level 1,
/// Strength 11 (no penetration modifier), Dexterity 14.
fn brawler(form: BrawlForm) -> BrawlStriker {
    BrawlStriker {
        striker: Striker {
            weapon: WeaponKind::HandsFeet,
            quality: crate::rulesets::shakhan::rules::Quality::Usual,
            ..arlos(20, Card::B)
        },
        intent: BrawlIntent::new(form),
        weight_kg: 70.0,
        grapple: None,
    }
}

fn victim(apv: u32) -> BrawlTarget {
    BrawlTarget {
        target: Target {
            apv: [apv; 6],
            ..bailor(20, Card::G)
        },
        willpower: 10,
        weight_kg: 70.0,
        defence: None,
        seen_coming: false,
    }
}

/// Resolve with exactly these faces: every one must be used.
fn strike(s: &BrawlStriker, d: &BrawlTarget, faces: &[u32]) -> BrawlReport {
    let mut dice = Dice::scripted(faces.iter().copied());
    let report = resolve(s, d, &StrikeOptions::new(tables()), tables(), &mut dice);
    assert_eq!(dice.scripted_left(), 0, "unused dice: {report}");
    report
}

fn hits(r: &BrawlReport) -> &[BrawlHit] {
    match &r.blow {
        Some(BrawlBlow::Landed { hits, .. }) => hits,
        other => panic!("no landed blow: {other:?}"),
    }
}

fn the_wound(r: &BrawlReport) -> &Wound {
    let w: Vec<_> = r.wounds().collect();
    assert_eq!(w.len(), 1, "{r}");
    w[0]
}

use crate::rulesets::shakhan::rules::wound::Wound;

#[test]
fn s16_10_4_brawl_forms_and_cards() {
    // Attacks only under B, A or C; defences under D or E.
    for form in BrawlForm::ALL {
        for card in Card::ALL {
            let attack_card = matches!(card, Card::A | Card::B | Card::C);
            let defence_card = matches!(card, Card::D | Card::E);
            let expected = if form.is_attack() {
                attack_card
            } else {
                defence_card
            };
            assert_eq!(form.allowed_with(card), expected, "{form:?} {card}");
        }
    }
    // Martial Arts forms need a level.
    let chop = BrawlIntent::new(BrawlForm::HandChop);
    assert!(chop.refusal(Card::B, 0).is_some());
    assert!(chop.refusal(Card::B, 1).is_none());
    assert!(chop.refusal(Card::D, 1).is_some());
    // Only the chop and kick can be declared lethal; the drop-kick always is.
    let lethal_punch = BrawlIntent {
        form: BrawlForm::Punch,
        lethal: true,
    };
    assert!(lethal_punch.refusal(Card::B, 3).is_some());
    assert!(BrawlIntent::new(BrawlForm::FlyingDropKick).is_lethal());
    assert!(!BrawlIntent::new(BrawlForm::HandChop).is_lethal());
}

#[test]
fn s16_10_4_3_haymaker_weapons_club_not_mace() {
    let w = &tables().weapons;
    assert!(weapon_allowed(
        BrawlForm::Punch,
        w.melee(WeaponKind::HandsFeet)
    ));
    assert!(!weapon_allowed(
        BrawlForm::Punch,
        w.melee(WeaponKind::JuryRiggedClub)
    ));
    assert!(weapon_allowed(
        BrawlForm::Haymaker,
        w.melee(WeaponKind::JuryRiggedClub)
    ));
    assert!(weapon_allowed(
        BrawlForm::Haymaker,
        w.melee(WeaponKind::Club)
    ));
    assert!(!weapon_allowed(
        BrawlForm::Haymaker,
        w.melee(WeaponKind::Mace)
    ));
    assert!(!weapon_allowed(
        BrawlForm::Haymaker,
        w.melee(WeaponKind::ShortSword)
    ));
}

#[test]
fn s16_10_4_2_punch_does_concussion_without_penetrating() {
    // 10 strikes; location 30 upper body; APV 20 (leather), armour check 10:
    // nd; 1D2 = 2, half = 1 damage all the same.
    let r = strike(&brawler(BrawlForm::Punch), &victim(20), &[10, 30, 10, 2]);
    let w = the_wound(&r);
    assert_eq!(w.area, BodyArea::UpperBody);
    assert_eq!(w.damage, 1);
    assert_eq!(w.pain, 0.5);
    assert!(w.critical.is_none());
    assert!(r.to_string().contains("concussion, half of 1D2 = 2"), "{r}");
}

#[test]
fn s16_10_4_2_punch_unbalances_normally() {
    // Armour check 56 on APV 0: pc1 — the critical must be confirmed on
    // Strength 11 × 3 = 33: 34 fails; one card lost all the same.
    let r = strike(&brawler(BrawlForm::Punch), &victim(0), &[10, 30, 56, 1, 34]);
    let h = &hits(&r)[0];
    assert_eq!(h.confirm.map(|c| c.threshold), Some(33));
    assert!(h.critical.is_none(), "{r}");
    let w = the_wound(&r);
    assert_eq!(w.unbalanced, 1);
    assert_eq!(w.damage, 0, "half of 1 rounds down");
}

#[test]
fn s16_10_4_2_punch_critical_confirmed() {
    // 33 is within 33: the critical is rolled (on faces of 1, which fit any
    // die, as many as the table wants).
    let faces = [10, 30, 56, 2, 33]
        .into_iter()
        .chain(std::iter::repeat_n(1, 64));
    let mut dice = Dice::scripted(faces);
    let r = resolve(
        &brawler(BrawlForm::Punch),
        &victim(0),
        &StrikeOptions::new(tables()),
        tables(),
        &mut dice,
    );
    let h = &hits(&r)[0];
    assert!(h.confirm.is_some_and(|c| c.passed));
    assert!(h.critical.is_some(), "{r}");
}

#[test]
fn s16_10_4_2_punch_ineffective_over_apv_20() {
    // Over 20 nothing happens: no armour check, no damage.
    let r = strike(&brawler(BrawlForm::Punch), &victim(30), &[10, 30]);
    let h = &hits(&r)[0];
    assert_eq!(h.limit, Some(20));
    assert!(h.penetration.is_none() && h.wound.is_none(), "{r}");
    assert!(r.to_string().contains("ineffective"), "{r}");
}

#[test]
fn s16_10_4_3_haymaker_is_aimed_at_the_head_and_knocks_out() {
    // Aimed: CF 20 at 50% = 10 against 20: CD -10. Dexterity 14 × 5 = 70:
    // 40 lands on the head. Armour check 10 (p on APV 0), 1D2 = 2 → 1.
    // Knockout chance (Strength 11 − Willpower 9) × 6 = 12: 12 knocks out,
    // 1D10 = 7 minutes.
    let mut d = victim(0);
    d.willpower = 9;
    let r = strike(&brawler(BrawlForm::Haymaker), &d, &[1, 40, 10, 2, 12, 7]);
    assert_eq!(r.cf.used, 10);
    let h = &hits(&r)[0];
    assert_eq!(h.area, BodyArea::Head);
    let k = h.knockout.as_ref().expect("a knockout roll");
    assert_eq!(k.chance, 12);
    let w = the_wound(&r);
    let c = w.critical.as_ref().expect("the knockout is carried");
    assert_eq!(
        c.consequences,
        vec![Consequence::Unconscious { minutes: Some(7) }]
    );
    assert!(r.symptoms().iter().any(|s| s.contains("knocked out")));
}

#[test]
fn s16_10_4_3_haymaker_off_the_head_cannot_knock_out() {
    // The aim check 71 fails (over 70); the table puts it on the upper body.
    let r = strike(
        &brawler(BrawlForm::Haymaker),
        &victim(0),
        &[1, 71, 30, 10, 2],
    );
    assert!(hits(&r)[0].knockout.is_none(), "{r}");
}

#[test]
fn s16_10_4_4_kick_adds_one_and_confirms_on_strength_times_4() {
    // Upper body: 1D2 = 2 → 1, +1 kick = 2 damage; a critical is confirmed
    // on Strength 11 × 4 = 44.
    let r = strike(&brawler(BrawlForm::Kick), &victim(20), &[10, 30, 10, 2]);
    assert_eq!(the_wound(&r).damage, 2);
    assert_eq!(
        critical_confirmation(BrawlForm::Kick, false, 11, BodyArea::UpperBody),
        Some(44)
    );
    // On the legs or lower body the critical is not confirmed: it applies.
    assert_eq!(
        critical_confirmation(BrawlForm::Kick, false, 11, BodyArea::Legs),
        None
    );
    assert_eq!(
        critical_confirmation(BrawlForm::Kick, false, 11, BodyArea::LowerBody),
        None
    );
}

#[test]
fn s16_10_4_5_block_halves_and_lands_on_the_arms() {
    // Block with the arms on Dexterity 12 × 5 = 60: 60 passes. The kick lands
    // on the arms (APV 0, check 10: p): 1D2 = 2 → 1 + 1 = 2, halved to 1.
    let mut d = victim(0);
    d.defence = Some(Defence {
        martial: false,
        limb: BlockLimb::Arms,
        check: block_check(false, BlockLimb::Arms, 12.0, 9),
        martial_arts_level: 0,
    });
    let r = strike(&brawler(BrawlForm::Kick), &d, &[10, 60, 10, 2]);
    let w = the_wound(&r);
    assert_eq!(w.area, BodyArea::Arms);
    assert_eq!(w.damage, 1);
    assert_eq!(w.pain, 0.5);
    // Failed block: the location is rolled as usual.
    let r = strike(&brawler(BrawlForm::Kick), &d, &[10, 61, 30, 10, 2]);
    assert_eq!(the_wound(&r).area, BodyArea::UpperBody);
    assert_eq!(the_wound(&r).damage, 2);
}

#[test]
fn s16_10_4_5_block_check_and_weapon_limit() {
    assert_eq!(block_check(false, BlockLimb::Arms, 12.0, 9), 60);
    assert_eq!(block_check(false, BlockLimb::Legs, 12.0, 9), 45);
    assert_eq!(BlockLimb::best(12.0, 9), BlockLimb::Arms);
    assert_eq!(BlockLimb::best(9.0, 12), BlockLimb::Legs);
    assert!(block_effective(false, 0, None));
    assert!(block_effective(false, 0, Some(20)));
    assert!(!block_effective(false, 0, Some(30)), "a club is too hard");
}

#[test]
fn s16_10_4_5_block_ineffective_against_a_club_haymaker() {
    let mut s = brawler(BrawlForm::Haymaker);
    s.striker.weapon = WeaponKind::JuryRiggedClub;
    s.striker.quality = crate::rulesets::shakhan::rules::Quality::Poor;
    let mut d = victim(0);
    d.defence = Some(Defence {
        martial: false,
        limb: BlockLimb::Arms,
        check: 60,
        martial_arts_level: 0,
    });
    // No block roll: aim 40 head, check 10, 1D4-2 = 4-2 = 2 → 1; knockout 99 no.
    let r = strike(&s, &d, &[1, 40, 10, 4, 99]);
    match &r.blow {
        Some(BrawlBlow::Landed { block: Some(b), .. }) => assert!(!b.effective && b.roll.is_none()),
        other => panic!("{other:?}"),
    }
    assert_eq!(the_wound(&r).area, BodyArea::Head);
}

#[test]
fn s16_10_4_6_hand_chop_adds_one_and_limit_5_per_level() {
    let mut s = brawler(BrawlForm::HandChop);
    s.striker.martial_arts_level = 2;
    assert_eq!(BrawlForm::HandChop.apv_limit(2), Some(10));
    // APV 10 (furs) is at the limit: check 10 → nd; 2 → 1 + 1 = 2.
    let r = strike(&s, &victim(10), &[10, 30, 10, 2]);
    assert_eq!(the_wound(&r).damage, 2);
    // APV 20 is over it.
    let r = strike(&s, &victim(20), &[10, 30]);
    assert!(hits(&r)[0].wound.is_none());
    // Non-lethal: a critical is confirmed on Strength × 4; lethal: applied.
    assert_eq!(
        critical_confirmation(BrawlForm::HandChop, false, 12, BodyArea::Head),
        Some(48)
    );
    assert_eq!(
        critical_confirmation(BrawlForm::HandChop, true, 12, BodyArea::Head),
        None
    );
}

#[test]
fn s16_10_4_7_martial_kick_adds_two_limit_10_per_level() {
    let mut s = brawler(BrawlForm::MartialKick);
    s.striker.martial_arts_level = 2;
    assert_eq!(BrawlForm::MartialKick.apv_limit(2), Some(20));
    let r = strike(&s, &victim(20), &[10, 30, 10, 2]);
    assert_eq!(the_wound(&r).damage, 3);
    assert_eq!(
        critical_confirmation(BrawlForm::MartialKick, false, 12, BodyArea::Head),
        Some(60)
    );
    assert_eq!(
        critical_confirmation(BrawlForm::MartialKick, false, 12, BodyArea::Legs),
        None
    );
    assert_eq!(
        critical_confirmation(BrawlForm::MartialKick, true, 12, BodyArea::Head),
        None
    );
}

#[test]
fn s16_10_4_8_drop_kick_bonus_apt_and_imbalance() {
    let mut s = brawler(BrawlForm::FlyingDropKick);
    s.striker.martial_arts_level = 2;
    assert_eq!(BrawlForm::FlyingDropKick.apv_limit(2), Some(30));
    // APV 30: check 26 + 5 = 31: nd (the +5 shows); 1D2 = 2 → 1, +1D4 = 3:
    // 4 damage; one extra card lost.
    let r = strike(&s, &victim(30), &[10, 30, 26, 2, 3]);
    let w = the_wound(&r);
    assert_eq!(w.damage, 4);
    assert_eq!(w.unbalanced, 1);
    assert!(r.to_string().contains("+5 flying drop-kick"), "{r}");
}

#[test]
fn s16_10_4_8_drop_kick_weight_limit_and_seen_coming() {
    let mut s = brawler(BrawlForm::FlyingDropKick);
    s.striker.martial_arts_level = 2;
    let mut d = victim(0);
    d.weight_kg = 141.0;
    let r = strike(&s, &d, &[10]);
    assert!(matches!(r.blow, Some(BrawlBlow::Ineffective(_))), "{r}");
    // Spread over two rounds: the defender's CF 20 counts as 40.
    let mut d = victim(0);
    d.seen_coming = true;
    let r = strike(&s, &d, &[99]);
    assert_eq!(r.target_cf.0, 40);
    assert_eq!(r.differential, -20);
}

#[test]
fn s16_10_4_8_run_up_check() {
    // [Adjusted Agility 17 + Martial Arts 4 × 10] × 5.
    assert_eq!(run_up_check(17, 4), 285);
    assert_eq!(run_up_check(10, 0), 50);
    assert_eq!(RUN_UP_FAILED_UNBALANCED, 2);
    assert!(drop_kick_weight_ok(60.0, 120.0));
    assert!(!drop_kick_weight_ok(60.0, 120.5));
}

#[test]
fn s16_10_4_9_martial_block_turns_criticals_and_weapon_limit() {
    assert_eq!(block_check(true, BlockLimb::Legs, 12.0, 16), 96);
    assert_eq!(martial_block_critical_chance(4), 12);
    // Five levels or fewer: the normal 20; eight levels block a club (30).
    assert!(!block_effective(true, 5, Some(30)));
    assert!(block_effective(true, 8, Some(30)));
    assert!(!block_effective(true, 8, Some(70)));
    // A passed martial block on a pc1: punch's confirmation 22 within 33,
    // then 12 within 4 × 3 = 12 turns the critical.
    let mut d = victim(0);
    d.defence = Some(Defence {
        martial: true,
        limb: BlockLimb::Arms,
        check: 90,
        martial_arts_level: 4,
    });
    let r = strike(&brawler(BrawlForm::Punch), &d, &[10, 50, 56, 2, 22, 12]);
    let h = &hits(&r)[0];
    assert!(h.turned.is_some_and(|t| t.passed));
    assert!(h.critical.is_none());
    assert_eq!(h.wound.as_ref().map(|w| w.unbalanced), Some(1));
}

#[test]
fn s16_10_4_10_throw_chance_and_oncoming_attackers() {
    assert_eq!(throw_chance(4, 0), 40);
    assert_eq!(throw_chance(2, 3), -10);
    assert!(throwable(Card::B) && throwable(Card::A) && throwable(Card::C));
    assert!(!throwable(Card::D) && !throwable(Card::E) && !throwable(Card::G));
}

#[test]
fn s16_10_4_1_grapple_chance() {
    let tam = Grappler {
        strength: 10,
        adjusted_agility: 13,
        weight_kg: 60.0,
        height_m: 1.66,
    };
    let harro = Grappler {
        strength: 16,
        adjusted_agility: 9,
        weight_kg: 105.0,
        height_m: 1.9,
    };
    let ishen = Grappler {
        strength: 12,
        adjusted_agility: 17,
        weight_kg: 64.0,
        height_m: 1.72,
    };
    // Alone Tam cannot hold Ishen: (23 − 29) × 5 = −30.
    assert_eq!(grapple_chance(&[tam], ishen, false).threshold, -30);
    // With Harro: (48 − 29) × 5 = 95; their 165 kg is more than twice 64:
    // doubled to 190.
    let both = grapple_chance(&[tam, harro], ishen, false);
    assert_eq!(both.size, SizeRatio::AttackerTwice);
    assert_eq!(both.threshold, 190);
    // Under attack the DMod drops to 1 (then doubled: 2).
    assert_eq!(grapple_chance(&[tam, harro], ishen, true).threshold, 38);
    // A victim twice the attacker's weight halves it.
    let ogre = Grappler {
        weight_kg: 130.0,
        ..harro
    };
    let c = grapple_chance(&[ishen], ogre, false);
    assert_eq!(c.size, SizeRatio::VictimTwice);
    assert_eq!(c.threshold, ((29 - 25) as f64 * 2.5).round() as i32);
}

#[test]
fn s16_10_4_1_grapple_strike_then_check() {
    let mut s = brawler(BrawlForm::Grapple);
    s.grapple = Some(GrappleChance {
        difference: 10,
        dmod: 5.0,
        under_attack: false,
        size: SizeRatio::Even,
        threshold: 50,
    });
    let r = strike(&s, &victim(0), &[10, 50]);
    assert!(r.held(), "{r}");
    let r = strike(&s, &victim(0), &[10, 51]);
    assert!(!r.held() && r.struck());
    assert_eq!(r.wounds().count(), 0);
}

#[test]
fn s16_10_4_3_knockout_chance() {
    assert_eq!(knockout_chance(16, 10), 36);
    assert_eq!(knockout_chance(10, 14), -24);
}

#[test]
fn s16_10_4_2_5_6_9_default_forms() {
    assert_eq!(BrawlForm::default_for(Card::B, 0), Some(BrawlForm::Punch));
    assert_eq!(BrawlForm::default_for(Card::E, 0), Some(BrawlForm::Block));
    assert_eq!(
        BrawlForm::default_for(Card::A, 2),
        Some(BrawlForm::HandChop)
    );
    assert_eq!(
        BrawlForm::default_for(Card::D, 2),
        Some(BrawlForm::MartialBlock)
    );
    assert_eq!(BrawlForm::default_for(Card::G, 2), None);
    assert_eq!(BrawlForm::default_for(Card::F, 0), None);
}

#[test]
fn s16_10_4_5_block_check_keeps_a_gauntleted_half_dexterity() {
    // Dexterity 11 halved by gauntlets: 5.5 x 5 = 27.5, so 27 or less blocks.
    assert_eq!(block_check(false, BlockLimb::Arms, 5.5, 9), 27);
    assert_eq!(BlockLimb::best(5.5, 5), BlockLimb::Arms);
}

#[test]
fn s16_10_4_1_a_halved_grapple_dmod_keeps_its_fraction() {
    // Under attack (DMod 1) on a victim twice the weight: DMod 0.5; a
    // difference of 5 gives 2.5, so only a d100 of 2 or less holds.
    let small = Grappler {
        strength: 14,
        adjusted_agility: 12,
        weight_kg: 40.0,
        height_m: 1.5,
    };
    let big = Grappler {
        strength: 11,
        adjusted_agility: 10,
        weight_kg: 100.0,
        height_m: 1.8,
    };
    let g = grapple_chance(&[small], big, true);
    assert_eq!((g.size, g.dmod), (SizeRatio::VictimTwice, 0.5));
    assert_eq!(g.threshold, 2);
}
