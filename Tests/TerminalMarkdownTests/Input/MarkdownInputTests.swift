import Foundation
import Testing

@testable import TerminalMarkdown

/// Files are read as UTF-8 text or refused with a reason a student understands.
@Suite struct MarkdownInputTests {
    /// A fresh folder for one test's files.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("markdown-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func read(_ path: String) -> Result<String, MarkdownInputError> {
        Result { () throws(MarkdownInputError) in try MarkdownInput.read(path: path) }
    }

    /// Bytes that look like random data: a fixed linear congruential sequence, so the test
    /// always sees the same "garbage".
    static func noise(count: Int) -> [UInt8] {
        var state: UInt32 = 2_463_534_242
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    @Test func textWithUnusualCharactersIsRead() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = "# Wide 語 and 🙂, combining é, a BOM \u{FEFF}, ESC \u{1B}[31m, bidi \u{202E}\n"
        let file = directory.appendingPathComponent("notes.md")
        try Data(text.utf8).write(to: file)
        #expect(read(file.path) == .success(text))
    }

    @Test func randomBytesAndExecutablesAreNotText() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = directory.appendingPathComponent("garbage.md")
        try Data(Self.noise(count: 5000)).write(to: garbage)
        guard case .failure(.invalidUTF8) = read(garbage.path) else {
            Issue.record("random bytes were read as text")
            return
        }
        // The start of an ELF executable: magic, class, data, version, then zero padding.
        let elf = directory.appendingPathComponent("elf.md")
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00]).write(to: elf)
        #expect(read(elf.path) == .failure(.nulByte(offset: 7)))
    }

    @Test func aMissingFileADirectoryAndAnEmptyFileEachHaveTheirAnswer() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(read(directory.appendingPathComponent("nothere.md").path) == .failure(.noSuchFile))
        #expect(read(directory.appendingPathComponent("nothere/x.md").path) == .failure(.noSuchFile))
        #expect(read(directory.path) == .failure(.isADirectory))
        let empty = directory.appendingPathComponent("empty.md")
        try Data().write(to: empty)
        #expect(read(empty.path) == .success(""))
    }

    @Test func devicesAndPipesAreReadAsStreams() throws {
        #expect(read("/dev/null") == .success(""), "an empty document, like an empty file")
        #expect(read("/dev/zero") == .failure(.nulByte(offset: 0)), "refused at once, not read for ever")
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo.path) {
                handle.write(Data("# From a pipe\n".utf8))
                try? handle.close()
            }
        }
        writer.start()
        #expect(read(fifo.path) == .success("# From a pipe\n"))
    }

    @Test func aFileThatCannotBeOpenedSaysWhy() throws {
        guard getuid() != 0 else { return }  // root reads everything
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let locked = directory.appendingPathComponent("locked.md")
        try Data("# x\n".utf8).write(to: locked)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        #expect(read(locked.path) == .failure(.permissionDenied))
    }

    @Test func messagesSayWhatIsWrongInOnePhrase() {
        #expect(
            MarkdownInputError.invalidUTF8(offset: 17).description
                == "not a text file (invalid UTF-8 at byte offset 17)")
        #expect(MarkdownInputError.isADirectory.description == "is a directory, not a file")
        #expect(MarkdownInputError.noSuchFile.description == "no such file")
        #expect(MarkdownInputError.notARegularFile(kind: "a socket").description == "is a socket, not a regular file")
    }
}
