import Foundation
import TestSupport
import Testing

/// A tmux server started by one test once held the pipes another test read a product's output
/// from, and ignored `kill-server` (signals blocked), so the other test waited for ever: `make
/// test` hung on a busy machine and every run left tmux servers behind. These pin down what
/// ``CleanSpawn`` hands its child.
@Suite struct CleanSpawnTests {
    @Test func theChildStartsWithNoSignalBlocked() throws {
        // Block what Dispatch's worker threads block, on this thread, for the spawn.
        var blocked = sigset_t()
        sigfillset(&blocked)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let report = try run(["grep", "SigBlk", "/proc/self/status"])
        #expect(report.trimmingCharacters(in: .whitespacesAndNewlines) == "SigBlk:\t0000000000000000", "\(report)")
    }

    @Test func theChildKeepsOnlyItsStandardStreams() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)  // no close-on-exec, like a pipe another test is reading
        defer { for end in ends { close(end) } }
        let listing = try run(["sh", "-c", "ls /proc/$$/fd"])
        let descriptors = Set(listing.split(separator: "\n").compactMap { Int32($0) })
        #expect(descriptors == [0, 1, 2], "\(listing)")
    }

    /// Runs `arguments` through ``CleanSpawn`` and returns what it wrote.
    private func run(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("clean-spawn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let status = try CleanSpawn.runToEnd(arguments, output: output.path)
        #expect(status == 0)
        return try String(contentsOf: output, encoding: .utf8)
    }
}
