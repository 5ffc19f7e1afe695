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

    /// `program arguments` when `program` is on `PATH`; otherwise, when the program printing the
    /// command is `program` itself running from somewhere else (`runningExecutable`), that
    /// executable's path, unless it lives in a SwiftPM build folder, where `swift run program` is
    /// the form that works.
    ///
    /// ```swift
    /// RunnableCommand.spelled("companion", "inspect Theater.sqlite")
    /// // "swift run companion inspect Theater.sqlite" in a clone that was not installed
    /// ```
    ///
    /// - Parameters:
    ///   - runningExecutable: the path of the executable printing the command, when that is
    ///     `program` itself (for instance `/opt/tools/bin/companion`); nil for another program.
    public static func spelled(
        _ program: String, _ arguments: String, runningExecutable: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        let command: String
        if isOnPath(program, path: environment["PATH"]) {
            command = program
        } else if let runningExecutable, !runningExecutable.contains("/.build/") {
            command = ShellQuoting.quoted(runningExecutable)
        } else {
            command = "swift run " + program
        }
        return arguments.isEmpty ? command : command + " " + arguments
    }

    /// The path of the running executable, with symbolic links resolved (Linux's `/proc/self/exe`).
    public static var currentExecutable: String? {
        let path = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        return path == "/proc/self/exe" ? nil : path
    }
}
