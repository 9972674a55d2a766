//! `yen solve --certified` through the binary: its JSON, its text, its
//! figures and its refusals (the certified table's own tests are the
//! yen-certified wing's).
// The command-line tests run the binary, built only with the `cli` feature.
#![cfg_attr(not(feature = "cli"), allow(unused))]

mod cli {
    use crate::common::{assert_input_error, cli};

    #[cfg(feature = "cli")]
    #[test]
    fn certified_json_has_bounds_strategies_and_summary() {
        let run = cli(&[
            "yen",
            "solve",
            "--certified",
            "--total",
            "14",
            "--rounds",
            "10",
            "--json",
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(v["certified"], true);
        assert_eq!(v["lower"], 0.0);
        assert_eq!(v["upper"], 0.0);
        let sum: f64 = v["strategy"]
            .as_object()
            .unwrap()
            .values()
            .map(|p| p.as_f64().unwrap())
            .sum();
        assert!((sum - 1.0).abs() < 1e-12, "{sum}");
        assert!(v["summary"]["largest_width"].as_f64().unwrap() < 1e-9);
        assert!(v["summary"]["stage_games"].as_u64().unwrap() > 1000);
    }

    #[cfg(feature = "cli")]
    #[test]
    fn certified_state_and_text() {
        let run = cli(&[
            "yen",
            "solve",
            "--certified",
            "--total",
            "8",
            "--rounds",
            "4",
            "--state",
            "3,5,7,-2",
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.contains("value to A: in ["), "{}", run.stdout);
        assert!(run.stdout.contains("largest width"), "{}", run.stdout);
    }

    #[cfg(feature = "cli")]
    #[test]
    fn plot_writes_two_svgs() {
        let dir = std::env::temp_dir().join(format!("yen-plot-{}", std::process::id()));
        let run = cli(&[
            "yen",
            "solve",
            "--certified",
            "--total",
            "12",
            "--plot",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        for name in ["first_round_strategy.svg", "value_surface.svg"] {
            let svg = std::fs::read_to_string(dir.join(name)).unwrap();
            assert!(svg.starts_with("<svg") && svg.contains("</svg>"), "{name}");
            assert!(svg.contains("Optimal first-round") || svg.contains("Value to A"));
        }
        std::fs::remove_dir_all(dir).ok();
    }

    #[cfg(feature = "cli")]
    #[test]
    fn certified_bad_input_is_exit_2() {
        for args in [
            &["yen", "solve", "--certified", "--total", "500"][..],
            &["yen", "solve", "--certified", "--rounds", "1"],
            &["yen", "solve", "--plot", "/tmp/x"],
            &[
                "yen",
                "solve",
                "--certified",
                "--total",
                "5",
                "--state",
                "3,9,1,0",
            ],
        ] {
            assert_input_error(args);
        }
    }
}
