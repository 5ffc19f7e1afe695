import Foundation

/// What a finished process left behind.
public struct ProcessOutcome: Sendable {
    /// Everything it wrote to standard output, decoded as UTF-8.
    public var standardOutput: String
    /// Everything it wrote to standard error, decoded as UTF-8.
    public var standardError: String
    /// Its exit status (a signal shows as 128 + signal number).
    public var status: Int32
}

/// Runs the package's own executables (`companion`, the samples) the way a user does.
///
/// The executables are built next to the test bundle (`swift build --build-tests` builds every
/// product), so they are found in the same directory as the running test binary.
public enum ProductRunner {
    /// The directory holding the built products.
    public static var binDirectory: URL {
        if let explicit = ProcessInfo.processInfo.environment["COMPANION_BIN_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent()
    }

    /// The package's root directory (where `Package.swift` is).
    public static var packageRoot: URL { PackagePaths.root }

    /// Runs `product` with `arguments`, feeding `input` on standard input, and waits for it.
    ///
    /// - Parameters:
    ///   - environment: variables added to (or replacing) the test's own environment.
    ///   - directory: the working directory; the package root when nil.
    public static func run(
        _ product: String, _ arguments: [String] = [], input: String? = nil,
        environment: [String: String] = [:], directory: URL? = nil
    ) throws -> ProcessOutcome {
        try run(
            executable: binDirectory.appendingPathComponent(product), arguments, input: input,
            environment: environment, directory: directory)
    }

    /// Writing to a child that has exited fails the write (EPIPE) instead of killing the test
    /// process with SIGPIPE; set once, before the first child starts.
    private static let ignoringBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// Runs the executable file at `executable` (for instance a copy of a product placed outside
    /// the build folder) like ``run(_:_:input:environment:directory:)``.
    public static func run(
        executable: URL, _ arguments: [String] = [], input: String? = nil,
        environment: [String: String] = [:], directory: URL? = nil
    ) throws -> ProcessOutcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = env["NO_COLOR"] ?? "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = inputPipe
        _ = ignoringBrokenPipes
        try process.run()
        // A child that exits without reading all of its input only ends the write (EPIPE).
        if let input { try? inputPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
        try? inputPipe.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty child never blocks on a full pipe. The second
        // reader is a thread of its own, not a block on Dispatch's global queue: that queue has a
        // few threads for the whole test process, and tests blocked waiting on blocks queued
        // behind them there can wait for good on a busy machine.
        let errorData = LockedData()
        let errorRead = DispatchSemaphore(value: 0)
        let errorReader = Thread {
            errorData.set(errorPipe.fileHandleForReading.readDataToEndOfFile())
            errorRead.signal()
        }
        errorReader.start()
        let outputData = outputPipe.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ProcessOutcome(
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.get(), as: UTF8.self),
            status: status)
    }
}

/// A Data value shared between the reading thread and the test.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
