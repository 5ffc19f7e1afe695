#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import TerminalKit

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

    /// `--width N`, else `COLUMNS`, else the terminal's width, else 80.
    static func width(_ arguments: inout ArgumentList) throws(CommandLineError) -> Int {
        if let width = try arguments.integerOption("--width", in: 30...1000) { return width }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }), columns >= 30 {
            return min(columns, 1000)
        }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1 && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col >= 30 {
            return Int(size.ws_col)
        }
        return 80
    }

    /// Whether standard output is a terminal.
    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
