import Foundation
import TerminalKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Terminal facts for `graph` and `play`: colour by DESIGN.md §5 (TerminalKit's ColorPolicy) and width.
enum AccelTerminal {
    /// `--color=always|never|auto` taken out of `arguments`, applied with the environment's rules.
    static func colorPolicy(_ arguments: inout ArgumentList) throws(CommandLineError) -> ColorPolicy {
        guard let text = try arguments.option("--color") else { return ColorPolicy.current(flag: nil) }
        guard let flag = ColorPolicy.Flag(rawValue: text) else {
            throw .usage("'\(text)' is not always, never or auto", subject: "--color")
        }
        return ColorPolicy.current(flag: flag)
    }

    /// `--width N`, else `COLUMNS`, else the terminal's width, else 80 (TerminalKit's rule), kept
    /// between 30 and 1000 columns so a plot always has room for its labels.
    static func width(_ arguments: inout ArgumentList) throws(CommandLineError) -> Int {
        let requested = try arguments.integerOption("--width", in: 30...1000)
        let width = TerminalSize.pageWidth(requested: requested, environment: ProcessInfo.processInfo.environment)
        return min(max(width, 30), 1000)
    }

    /// Whether standard output is a terminal.
    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
