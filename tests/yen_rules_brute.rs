//! The 10,000-yen rules between rounds (`State::bets`, `State::decided`)
//! against a brute force of document 000 §2 on every state of small matches
//! (`games::yen::rules_audit`): a rules bug that changes no value, such as a
//! last round that allows `money − 1`, is still seen.

use solved_games::games::yen::rules::Rules;
use solved_games::games::yen::rules_audit::audit;

#[test]
fn bets_and_decided_match_the_brute_force_on_every_state_up_to_t_8_r_4() {
    for total in 1..=8 {
        for rounds in 1..=4 {
            let found = audit(Rules { total, rounds });
            assert!(
                found.disagreements.is_empty(),
                "T = {total}, R = {rounds}: {:?}",
                &found.disagreements[..found.disagreements.len().min(5)]
            );
            assert!(found.states > 1 && found.bet_sets > 0);
        }
    }
}

/// Counts fixed by hand at the smallest size, T = 1, R = 2: the start
/// (2,1,1,0); after round 1, bets (0,0), (0,1), (1,0), (1,1) give
/// (1,1,1,0), (1,1,0,+1), (1,0,1,−1), (1,0,0,0); the forced last round ends
/// every one of them level, (0,0,0,0).
#[test]
fn the_audit_visits_every_state_of_t_1_r_2() {
    let found = audit(Rules {
        total: 1,
        rounds: 2,
    });
    assert_eq!(found.states, 1 + 4 + 1);
    assert_eq!(found.bet_sets, 2 * 5);
    assert_eq!(found.decided, 5);
    assert!(found.disagreements.is_empty());
}
