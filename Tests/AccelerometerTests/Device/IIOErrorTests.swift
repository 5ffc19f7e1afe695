import Foundation
import Testing

@testable import Accelerometer

/// Every IIO error can name its file once: `path` says which, `problem` says what, without the name.
@Suite struct IIOErrorTests {
    @Test func theProblemLeavesTheFileNameToTheCaller() {
        let cases: [(IIOError, String?, String)] = [
            (.notFound(path: "nothere.xml"), "nothere.xml", "does not exist"),
            (
                .malformedDescription(source: "trunc.xml", line: 1, reason: "unexpected end of file"), "trunc.xml",
                "line 1: unexpected end of file"
            ),
            (
                .malformedDescription(source: "garb.iiorec", line: 0, reason: "no 'IIO context has N devices:' line"),
                "garb.iiorec", "no 'IIO context has N devices:' line"
            ),
            (
                .ioFailure(path: "/tmp", reason: "this is a directory, not a file"), "/tmp",
                "this is a directory, not a file"
            ),
            (
                .ambiguousDevice(source: "info.txt", candidates: ["a", "b"]), "info.txt",
                "describes several devices (a, b); pick one with --device NAME"
            ),
            (.deviceNotFound(name: "x", available: []), nil, "no IIO device called 'x' (available: none)"),
        ]
        for (error, path, problem) in cases {
            #expect(error.path == path)
            #expect(error.problem == problem)
            if let path {
                // The full sentence still names the file, once.
                #expect(error.description.components(separatedBy: path).count == 2, "\(error.description)")
            } else {
                #expect(error.description == problem)
            }
        }
    }

    @Test func aDirectoryIsNotAFileWhetherReadOrWritten() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = SystemFileAccess()
        let expected = IIOError.ioFailure(path: directory.path, reason: "this is a directory, not a file")
        #expect(throws: expected) { try files.readBytes(directory.path) }
        #expect(throws: expected) { try files.writeBytes([1, 2, 3], to: directory.path) }
    }
}
