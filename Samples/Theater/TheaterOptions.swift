import Foundation
import ObjectGraph
import SampleSupport

/// The sample's command line: `theater [--store PATH] [--reset] [-com.apple.CoreData.SQLDebug N]`.
struct TheaterOptions {
    /// Where the store lives (default `./Theater.sqlite`).
    var storePath = "Theater.sqlite"
    /// Start from an empty store.
    var reset = false
    /// Print the usage and stop.
    var showHelp = false
    /// `--rename-movie NAME NEW-NAME`: only rename one movie (the optimistic-locking demo).
    var renaming: (from: String, to: String)?
    /// `--wait`: with `--rename-movie`, rename in memory, then wait for Return before saving.
    var waitsBeforeSaving = false

    static let usage = """
        usage: theater [--store PATH] [--reset] [--rename-movie NAME NEW-NAME [--wait]]
                       [-com.apple.CoreData.SQLDebug N]

          --store PATH      the SQLite store to use (default ./Theater.sqlite)
          --reset           delete the store first and start empty (only a Core
                            Data store is deleted: a folder or another file is
                            refused)
          --rename-movie NAME NEW-NAME
                            only rename a saved movie and save: run it from a
                            second terminal to see optimistic locking (the first
                            program's save then fails)
          --wait            with --rename-movie: rename in memory, then wait for
                            Return before saving (the first terminal of the demo)
          -com.apple.CoreData.SQLDebug N
                            print the SQL Core Data runs on stderr: 1 statements
                            and timings, 3 also bound values, 4 also query plans
                            (or set SQLDEBUG=N)
        """

    /// A command-line mistake, reported as one line and exit status 2.
    typealias UsageError = SampleStoreOptions.UsageError

    /// Reads the arguments after the program name; `environment` is checked for a bad `SQLDEBUG`.
    init(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try SampleStoreOptions.checkTraceLevel(arguments: arguments, environment: environment)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--store":
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
                    throw UsageError(description: "--store needs a path")
                }
                storePath = arguments[index + 1]
                index += 1
            case "--reset":
                reset = true
            case "--wait":
                waitsBeforeSaving = true
            case "--rename-movie":
                guard index + 2 < arguments.count else {
                    throw UsageError(description: "--rename-movie needs a movie name and its new name")
                }
                renaming = (arguments[index + 1], arguments[index + 2])
                index += 2
            case "-h", "--help":
                showHelp = true
            case SQLDebugLog.argumentFlag:
                // Read by SQLDebugLog.shared itself; only its value is skipped here.
                index += SQLDebugLog.argumentsTaken(byFlagAt: index, in: arguments) - 1
            default:
                throw UsageError(description: "unknown argument '\(argument)' (try --help)")
            }
            index += 1
        }
        if waitsBeforeSaving && renaming == nil {
            throw UsageError(description: "--wait goes with --rename-movie NAME NEW-NAME")
        }
    }
}
