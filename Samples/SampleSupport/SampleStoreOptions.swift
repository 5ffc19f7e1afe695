import Foundation
import ObjectGraph

/// The command line the store-backed lecture samples share:
/// `NAME [--store PATH [--reset]] [-com.apple.CoreData.SQLDebug N]`.
///
/// Without `--store` a sample works in a fresh store in a temporary directory, removed at exit,
/// so every run narrates the same story. `--store PATH` keeps the store for `companion inspect`;
/// a second run then needs `--reset`, which deletes the store first (only a Core Data store: a
/// folder or another program's file is refused).
public struct SampleStoreOptions {
    /// The store file; nil for a fresh store in a temporary directory.
    public private(set) var storeURL: URL?
    /// Whether to delete the store at ``storeURL`` first.
    public private(set) var reset = false
    /// Whether `--help` was asked for (the usage goes to standard output, exit status 0).
    public private(set) var wantsHelp = false
    /// The one-line usage, naming the program.
    public let usage: String

    /// What `--help` prints: the usage and what each option does, within 80 columns.
    public var help: String {
        """
        \(usage)

          --store PATH      keep the store in PATH (default: a temporary folder
                            removed at exit, so every run tells the same story)
          --reset           delete the store at PATH first (only a Core Data store:
                            a folder or another program's file is refused)
          -com.apple.CoreData.SQLDebug N
                            print the SQL Core Data runs on stderr: 1 statements
                            and timings, 3 also bound values (or set SQLDEBUG=N)
        """
    }

    /// What went wrong with the command line, in a sentence.
    public struct UsageError: Error, CustomStringConvertible {
        /// The sentence.
        public var description: String

        /// A mistake described by `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// Reads `arguments` (without the program name) of the sample `program`. The SQL debug
    /// flag's level is left to `SQLDebugLog`, which reads it from the process's command line;
    /// here a missing or mistyped level, on the command line or in `SQLDEBUG`, is refused.
    ///
    /// - Throws: ``UsageError``.
    public init(
        program: String, arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        usage = "usage: \(program) [--store PATH [--reset]] [-com.apple.CoreData.SQLDebug N]"
        try Self.checkTraceLevel(arguments: arguments, environment: environment)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--store":
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
                    throw UsageError(description: "--store needs a file path")
                }
                storeURL = URL(fileURLWithPath: arguments[index + 1]).standardizedFileURL
                index += 2
            case "--reset":
                reset = true
                index += 1
            case SQLDebugLog.argumentFlag:
                index += SQLDebugLog.argumentsTaken(byFlagAt: index, in: arguments)
            case "-h", "--help":
                wantsHelp = true
                index += 1
            default:
                throw UsageError(description: "unknown argument '\(argument)'; \(usage)")
            }
        }
        if reset && storeURL == nil {
            throw UsageError(description: "--reset needs --store PATH (without it every run starts fresh)")
        }
    }
}

extension SampleStoreOptions {
    /// Refuses `-com.apple.CoreData.SQLDebug` without a level or with a mistyped one, and a
    /// mistyped `SQLDEBUG`, as a usage error (see `SQLDebugLog.validateRequest`).
    ///
    /// - Throws: ``UsageError`` naming the flag or variable and the value.
    public static func checkTraceLevel(arguments: [String], environment: [String: String]) throws(UsageError) {
        do {
            try SQLDebugLog.validateRequest(arguments: arguments, environment: environment)
        } catch {
            throw UsageError(description: "\(error)")
        }
    }
}
