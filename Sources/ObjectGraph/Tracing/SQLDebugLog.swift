import Foundation

/// Core Data's SQL debug log (`-com.apple.CoreData.SQLDebug N`), line for line in Apple's format.
///
/// The SQLite store writes through a log: at level 1 every statement it runs
/// (`CoreData: sql: SELECT 0, t0.Z_PK, …`) and the timing annotations, at level 3 also the bound
/// values (`CoreData: details: SQLite bind[0] = "Up"`), at level 4 also the `EXPLAIN QUERY PLAN`
/// rows of each fetch. The text logged is the exact text handed to SQLite.
///
/// ```swift
/// SQLDebugLog.shared.level = 1            // or run with -com.apple.CoreData.SQLDebug 1, or SQLDEBUG=1
/// let lines = SQLDebugLog.Lines()
/// let log = SQLDebugLog(level: 3, sink: lines.append)   // a private log, for a test
/// ```
///
/// Thread-safe: the level and sink may be changed while stores log from other threads.
public final class SQLDebugLog: @unchecked Sendable {
    /// Where finished lines go (without the trailing newline).
    public typealias Sink = @Sendable (String) -> Void

    /// The log the stores use unless given another: its level comes from the process's command
    /// line and environment (see ``level(arguments:environment:)``), and it writes to stderr.
    public static let shared = SQLDebugLog(
        level: level(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment))

    private let lock = NSLock()
    private var currentLevel: Int
    private var currentSink: Sink

    /// Makes a log with a level (0 = off) and a destination (standard error by default).
    public init(level: Int = 0, sink: @escaping Sink = SQLDebugLog.standardError) {
        self.currentLevel = level
        self.currentSink = sink
    }

    /// The verbosity: 0 off, 1 statements and timings, 2 adds row annotations, 3 bind values,
    /// 4 query plans.
    public var level: Int {
        get { lock.withLock { currentLevel } }
        set { lock.withLock { currentLevel = max(0, newValue) } }
    }

    /// The destination of finished lines.
    public var sink: Sink {
        get { lock.withLock { currentSink } }
        set { lock.withLock { currentSink = newValue } }
    }

    /// Whether lines of `level` are written.
    public func isEnabled(_ level: Int) -> Bool {
        self.level >= level
    }

    /// Writes `line` to standard error followed by a newline.
    public static let standardError: Sink = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The command-line flag that turns the trace on, as Xcode's scheme editor passes it.
    public static let argumentFlag = "-com.apple.CoreData.SQLDebug"

    /// The level a process asked for: `-com.apple.CoreData.SQLDebug N` among `arguments` (the
    /// form Xcode's scheme editor passes) wins, then the environment variable `SQLDEBUG=N`;
    /// otherwise 0. A value that is not a number counts as 1, as Core Data treats `YES` (and `NO`
    /// or `false` as 0); a flag with no value after it (the last argument, or followed by another
    /// option) means 1.
    public static func level(arguments: [String], environment: [String: String]) -> Int {
        if let index = arguments.lastIndex(of: argumentFlag) {
            let value = argumentsTaken(byFlagAt: index, in: arguments) == 2 ? arguments[index + 1] : "1"
            return parseLevel(value)
        }
        if let value = environment["SQLDEBUG"], !value.isEmpty {
            return parseLevel(value)
        }
        return 0
    }

    /// How many arguments the flag at `index` takes up: 2 when a value follows it (anything not
    /// starting with `-`, or a negative number), else 1. Programs that read their own options skip
    /// this many, so they and ``level(arguments:environment:)`` agree on what the flag's value is.
    public static func argumentsTaken(byFlagAt index: Int, in arguments: [String]) -> Int {
        guard index + 1 < arguments.count else { return 1 }
        let next = arguments[index + 1]
        return !next.hasPrefix("-") || Int(next) != nil ? 2 : 1
    }

    /// A trace level on the command line or in `SQLDEBUG` that is not one, in a sentence.
    public struct LevelRequestError: Error, CustomStringConvertible {
        /// What was wrong, naming the flag or variable and the value given.
        public let description: String
    }

    /// Checks the trace level a process asked for, so a program can refuse a mistyped one
    /// instead of tracing at a level nobody chose: every `-com.apple.CoreData.SQLDebug` among
    /// `arguments` needs a value after it, and that value and `SQLDEBUG` must each be a whole
    /// number from 0 (4 and more show everything) or `YES`/`NO`/`true`/`false`.
    ///
    /// - Throws: ``LevelRequestError`` naming the flag or variable and the value.
    public static func validateRequest(arguments: [String], environment: [String: String]) throws {
        for (index, argument) in arguments.enumerated() where argument == argumentFlag {
            guard argumentsTaken(byFlagAt: index, in: arguments) == 2 else {
                throw LevelRequestError(
                    description: "\(argumentFlag) needs a level after it: 1 (statements), 3 (bound values) "
                        + "or 4 (query plans)")
            }
            let value = arguments[index + 1]
            guard isLevel(value) else {
                throw LevelRequestError(
                    description: "\(argumentFlag) '\(value)' is not a level: \(levelHint)")
            }
        }
        if let value = environment["SQLDEBUG"], !value.isEmpty, !isLevel(value) {
            throw LevelRequestError(
                description: "SQLDEBUG='\(value)' is not a level: \(levelHint)")
        }
    }

    /// What a level may be, for the messages.
    private static let levelHint = "give a whole number (0 off, 1 statements, 3 bound values, 4 query plans), YES or NO"

    private static func isLevel(_ text: String) -> Bool {
        if let number = Int(text.trimmingCharacters(in: .whitespaces)) { return number >= 0 }
        return ["yes", "no", "true", "false"].contains(text.lowercased())
    }

    private static func parseLevel(_ text: String) -> Int {
        if let number = Int(text.trimmingCharacters(in: .whitespaces)) { return max(0, number) }
        return ["no", "false"].contains(text.lowercased()) ? 0 : 1
    }

    // MARK: - Writing lines

    /// Writes `CoreData: sql: <statement>` at level 1.
    public func sql(_ statement: String) {
        write(1, "CoreData: sql: " + statement)
    }

    /// Writes `CoreData: annotation: <text>` when the level is at least `level`.
    public func annotation(_ text: @autoclosure () -> String, level: Int = 1) {
        write(level, "CoreData: annotation: " + text())
    }

    /// Writes `CoreData: details: <text>` when the level is at least `level`.
    public func details(_ text: @autoclosure () -> String, level: Int = 3) {
        write(level, "CoreData: details: " + text())
    }

    private func write(_ required: Int, _ line: @autoclosure () -> String) {
        let sink: Sink? = lock.withLock { currentLevel >= required ? currentSink : nil }
        sink?(line())
    }

    /// Seconds as Core Data prints durations: four decimals and an `s` (`0.0004s`).
    public static func formatDuration(_ seconds: Double) -> String {
        String(format: "%.4fs", seconds)
    }
}
