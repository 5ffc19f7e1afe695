import Foundation
import ObjectGraph

/// The sample's command line: `books [--store PATH] [-com.apple.CoreData.SQLDebug N]`.
struct BooksOptions {
    /// The store file; nil for a fresh store in a temporary directory, removed at exit.
    var storeURL: URL?

    /// Whether `--help` was asked for (the usage goes to standard output, exit status 0).
    var wantsHelp = false

    /// What went wrong with the command line, in a sentence.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static let usage = "usage: books [--store PATH] [-com.apple.CoreData.SQLDebug N]"

    /// Reads `arguments` (without the program name). The SQL debug flag and its level are left to
    /// `SQLDebugLog`, which reads them from the process's command line.
    init(arguments: [String]) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--store":
                guard index + 1 < arguments.count else { throw UsageError(description: "--store needs a file path") }
                storeURL = URL(fileURLWithPath: arguments[index + 1])
                index += 2
            case SQLDebugLog.argumentFlag:
                index += SQLDebugLog.argumentsTaken(byFlagAt: index, in: arguments)
            case "-h", "--help":
                wantsHelp = true
                index += 1
            default:
                throw UsageError(description: "unknown argument '\(argument)'; \(Self.usage)")
            }
        }
    }
}
