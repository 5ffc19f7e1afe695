import Foundation
import Testing

@testable import Accelerometer

/// Two paths are one file when `stat` says so, however they are spelled.
@Suite struct FileIdentityTests {
    @Test func everySpellingOfOneFileHasTheSameIdentity() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sh.iiorec")
        try Data("IIO-RECORDING 1\n".utf8).write(to: file)
        let symbolic = directory.appendingPathComponent("link.svg").path
        let hard = directory.appendingPathComponent("hard.svg").path
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: "sh.iiorec")
        try FileManager.default.linkItem(atPath: file.path, toPath: hard)
        let identity = try #require(FileIdentity(path: file.path))
        for spelling in [
            directory.path + "/./sh.iiorec", directory.path + "/../" + directory.lastPathComponent + "/sh.iiorec",
            symbolic, hard,
        ] {
            #expect(FileIdentity(path: spelling) == identity, "\(spelling)")
        }
    }

    @Test func differentFilesDifferAndAMissingFileHasNone() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a")
        let second = directory.appendingPathComponent("b")
        try Data("same bytes".utf8).write(to: first)
        try Data("same bytes".utf8).write(to: second)
        #expect(FileIdentity(path: first.path) != FileIdentity(path: second.path))
        #expect(FileIdentity(path: directory.appendingPathComponent("nothere").path) == nil)
    }
}
