/// Decides whether output is coloured, by DESIGN.md §5's rules: the first rule that matches wins.
///
/// 1. `--color=never` → off, `--color=always` → on
/// 2. `NO_COLOR` set and non-empty → off (no-color.org)
/// 3. `CLICOLOR_FORCE` set and not `0`, or `FORCE_COLOR` set and non-empty → on (force-color.org)
/// 4. `TERM=dumb` → off
/// 5. standard output is not a terminal → off
/// 6. `CLICOLOR=0` → off
/// 7. otherwise on
///
/// Every input is a plain value, so tests can try each rule without a terminal:
/// ```swift
/// let policy = ColorPolicy(flag: nil, environment: ["NO_COLOR": "1"], isTerminal: true)
/// policy.isEnabled   // false
/// policy.rule        // .noColor
/// ```
public struct ColorPolicy: Sendable, Equatable {
    /// The value of a `--color` option.
    public enum Flag: String, Sendable, CaseIterable {
        /// `--color=always`: colour even into a pipe.
        case always
        /// `--color=never`: no escape sequence at all.
        case never
        /// `--color=auto`: the same as giving no flag.
        case auto
    }

    /// The rule that decided, for messages and tests.
    public enum Rule: Sendable, Equatable {
        /// `--color=always` or `--color=never`.
        case flag
        /// `NO_COLOR` is set and non-empty.
        case noColor
        /// `CLICOLOR_FORCE` (not `0`) or `FORCE_COLOR` (non-empty) is set.
        case forced
        /// `TERM` is `dumb`.
        case dumbTerminal
        /// Standard output is a pipe or a file.
        case notATerminal
        /// `CLICOLOR` is `0`.
        case cliColorOff
        /// No rule said otherwise.
        case defaultOn
    }

    /// Whether colour (and other escape sequences) may be written.
    public let isEnabled: Bool
    /// Which rule decided.
    public let rule: Rule

    /// Applies the rules to the given inputs.
    /// - Parameters:
    ///   - flag: the `--color` option, if any.
    ///   - environment: the process environment (or a test's).
    ///   - isTerminal: whether standard output is a terminal (`isatty(1)`).
    public init(flag: Flag?, environment: [String: String], isTerminal: Bool) {
        switch flag {
        case .always?: (isEnabled, rule) = (true, .flag)
        case .never?: (isEnabled, rule) = (false, .flag)
        case .auto?, nil:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
                (isEnabled, rule) = (false, .noColor)
            } else if let force = environment["CLICOLOR_FORCE"], force != "0" {
                (isEnabled, rule) = (true, .forced)
            } else if let force = environment["FORCE_COLOR"], !force.isEmpty {
                (isEnabled, rule) = (true, .forced)
            } else if environment["TERM"] == "dumb" {
                (isEnabled, rule) = (false, .dumbTerminal)
            } else if !isTerminal {
                (isEnabled, rule) = (false, .notATerminal)
            } else if environment["CLICOLOR"] == "0" {
                (isEnabled, rule) = (false, .cliColorOff)
            } else {
                (isEnabled, rule) = (true, .defaultOn)
            }
        }
    }
}
