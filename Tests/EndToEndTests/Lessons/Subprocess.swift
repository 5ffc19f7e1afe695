import Foundation

/// Runs a program to completion with no standard input, collecting its output (both streams
/// together, in order, as a person would see them).
enum Subprocess {
    struct Outcome {
        var output: String
        var status: Int32
    }

    ///
    /// With `capturing: false` output goes to /dev/null: for tmux clients, whose standard streams
    /// are handed to the tmux server and would keep a pipe open after the client has ended.
    static func run(
        _ executable: String, _ arguments: [String], directory: URL, environment: [String: String] = [:],
        capturing: Bool = true
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        guard capturing else {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return Outcome(output: "", status: process.terminationStatus)
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(output: String(decoding: data, as: UTF8.self), status: process.terminationStatus)
    }

    /// The full path of a program on `PATH`, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = String(directory) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
