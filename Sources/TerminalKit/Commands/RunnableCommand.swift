import Foundation

/// A command line printed for a user to copy, spelled so that it runs where they are.
///
/// A program of this package is either installed (found on `PATH`) or only built in a clone, where
/// `swift run PROGRAM` runs it. Help texts, lessons and samples print the form that works.
public enum RunnableCommand {
    /// Whether one of the directories in `path` (a `PATH` value) holds an executable file `program`.
    public static func isOnPath(_ program: String, path: String?) -> Bool {
        guard let path, !program.isEmpty, !program.contains("/") else { return false }
        return path.split(separator: ":", omittingEmptySubsequences: true).contains { directory in
            let candidate = String(directory) + "/" + program
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory)
                && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: candidate)
        }
    }

    /// `program arguments` when `program` is on `PATH`, else `swift run program arguments`.
    ///
    /// ```swift
    /// RunnableCommand.spelled("companion", "inspect Theater.sqlite")
    /// // "swift run companion inspect Theater.sqlite" in a clone that was not installed
    /// ```
    public static func spelled(
        _ program: String, _ arguments: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        let command = isOnPath(program, path: environment["PATH"]) ? program : "swift run " + program
        return arguments.isEmpty ? command : command + " " + arguments
    }
}
