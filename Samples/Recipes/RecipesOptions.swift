import Foundation
import ObjectGraph
import SampleSupport

/// The sample's command line: `recipes [--store PATH] [-com.apple.CoreData.SQLDebug N]`.
struct RecipesOptions {
    /// A Recipes store to read (a copy of it) instead of the preloaded one.
    var storePath: String?
    /// Print the usage and stop.
    var showHelp = false
    /// `--write-preloaded PATH`: write the store the sample ships, and stop.
    var preloadedPath: String?

    static let usage = """
        usage: recipes [--store PATH] [-com.apple.CoreData.SQLDebug N]

        Prints the recipes of a copy of the store the sample ships preloaded, as
        Apple's iPhoneCoreDataRecipes copies its bundled store on first launch.

          --store PATH      read a copy of another Recipes store instead, such as
                            one Apple's Core Data wrote (the original is never
                            opened for writing)
          --write-preloaded PATH
                            write the store the sample ships (how
                            Samples/Recipes/Recipes.sqlite was made)
          -com.apple.CoreData.SQLDebug N
                            print the SQL Core Data runs on stderr (or SQLDEBUG=N)
        """

    /// A command-line mistake, reported as one line and exit status 2.
    typealias UsageError = SampleStoreOptions.UsageError

    /// Reads the arguments after the program name.
    init(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try SampleStoreOptions.checkTraceLevel(arguments: arguments, environment: environment)
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--store":
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
                    throw UsageError(description: "--store needs a path")
                }
                storePath = arguments[index + 1]
                index += 1
            case "--write-preloaded":
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
                    throw UsageError(description: "--write-preloaded needs a path")
                }
                preloadedPath = arguments[index + 1]
                index += 1
            case "-h", "--help":
                showHelp = true
            case SQLDebugLog.argumentFlag:
                index += SQLDebugLog.argumentsTaken(byFlagAt: index, in: arguments) - 1
            default:
                throw UsageError(description: "unknown argument '\(arguments[index])' (try --help)")
            }
            index += 1
        }
    }
}
