import Foundation
import Testing

@testable import TerminalMarkdown

@Suite struct LessonCatalogTests {
    /// A lessons folder made for the test; `remove()` it when done.
    struct Folder {
        let path: String
        init(_ files: [String: String]) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for (name, text) in files {
                try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
            }
        }
        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    static let files = [
        "01-stack.md":
            "---\ntitle: The stack\nsamples: [Theater]\nminutes: 8\n---\n# The stack\nA context is a scratch pad.\n",
        "02-fetching.md": "---\ntitle: Fetching\n---\n" + String(repeating: "word ", count: 450),
        "10-accelerometer.md": "---\ntitle: The accelerometer\n---\nGravity and a low-pass filter.\n",
        "notes.txt": "not a lesson",
    ]

    @Test func lessonsAreOrderedByNumberWithTheirFrontMatter() throws {
        let folder = try Folder(Self.files)
        defer { folder.remove() }
        let catalog = try LessonCatalog(directory: folder.path)
        try #require(catalog.lessons.map(\.number) == [1, 2, 10])
        #expect(catalog.lessons[0].title == "The stack")
        #expect(catalog.lessons[0].samples == ["Theater"])
        #expect(catalog.lessons[0].minutes == 8)
        #expect(catalog.lessons[1].minutes == 3, "450 words at 200 a minute")
        #expect(!catalog.lessons[0].body.contains("title:"))
    }

    @Test func aLessonIsFoundByNumberSlugOrFileName() throws {
        let folder = try Folder(Self.files)
        defer { folder.remove() }
        let catalog = try LessonCatalog(directory: folder.path)
        #expect(try catalog.lesson(named: "2").slug == "fetching")
        #expect(try catalog.lesson(named: "02").slug == "fetching")
        #expect(try catalog.lesson(named: "accelerometer").number == 10)
        #expect(try catalog.lesson(named: "01-stack.md").number == 1)
    }

    @Test func aMissingLessonListsWhatExists() throws {
        let folder = try Folder(Self.files)
        defer { folder.remove() }
        let catalog = try LessonCatalog(directory: folder.path)
        #expect(throws: LessonError.notFound("7", available: ["01-stack", "02-fetching", "10-accelerometer"])) {
            try catalog.lesson(named: "7")
        }
        #expect(LessonError.notFound("7", available: ["01-stack"]).description == "no lesson '7'; lessons: 01-stack")
    }

    @Test func nextAndPrevMoveFromTheLastLessonRead() throws {
        let folder = try Folder(Self.files)
        defer { folder.remove() }
        let catalog = try LessonCatalog(directory: folder.path)
        #expect(try catalog.neighbour(of: nil, offset: 1).number == 1)
        #expect(try catalog.neighbour(of: "fetching", offset: 1).number == 10)
        #expect(try catalog.neighbour(of: "fetching", offset: -1).number == 1)
        #expect(throws: LessonError.self) { try catalog.neighbour(of: "accelerometer", offset: 1) }
        #expect(throws: LessonError.self) { try catalog.neighbour(of: nil, offset: -1) }
    }

    @Test func badFrontMatterNamesTheFile() throws {
        let folder = try Folder(["03-bad.md": "---\ntitle x\n---\n"])
        defer { folder.remove() }
        #expect(throws: LessonError.badFrontMatter(folder.path + "/03-bad.md", .malformedLine(2, "title x"))) {
            try LessonCatalog(directory: folder.path)
        }
    }

    @Test func aLessonFileThatIsNotTextNamesTheFileAndTheByte() throws {
        let folder = try Folder(["04-binary.md": "# Binary\n\u{0}"])
        defer { folder.remove() }
        let expected = LessonError.badFile(folder.path + "/04-binary.md", .nulByte(offset: 9))
        #expect(throws: expected) { try LessonCatalog(directory: folder.path) }
        #expect(expected.description == folder.path + "/04-binary.md: not a text file (a NUL byte at byte offset 9)")
    }

    @Test func lessonsPathThenShareFolderThenCurrentFolder() throws {
        let lessons = try Folder(Self.files)
        defer { lessons.remove() }
        let located = LessonCatalog.locate(
            environment: ["LESSONS_PATH": lessons.path],
            executable: "/opt/x/bin/companion", currentDirectory: "/nowhere")
        #expect(located.directory == lessons.path)
        let share = try Folder([:])
        defer { share.remove() }
        try FileManager.default.createDirectory(
            atPath: share.path + "/share/companion/Lessons",
            withIntermediateDirectories: true)
        let installed = LessonCatalog.locate(
            environment: [:], executable: share.path + "/bin/companion",
            currentDirectory: lessons.path)
        #expect(installed.directory == share.path + "/share/companion/Lessons")
        let none = LessonCatalog.locate(
            environment: [:], executable: "/nowhere/bin/companion", currentDirectory: "/nowhere")
        #expect(none.directory == nil)
        #expect(none.searched == ["/nowhere/share/companion/Lessons", "/nowhere/Lessons"])
    }

    @Test func aCompanionRunFromItsBuildFolderFindsThePackagesLessons() throws {
        let package = try Folder([:])
        defer { package.remove() }
        try FileManager.default.createDirectory(atPath: package.path + "/Lessons", withIntermediateDirectories: true)
        let executable = package.path + "/.build/x86_64-unknown-linux-gnu/debug/companion"
        let located = LessonCatalog.locate(environment: [:], executable: executable, currentDirectory: "/nowhere")
        #expect(located.directory == package.path + "/Lessons")
        #expect(located.searched.last == package.path + "/Lessons")
    }

    @Test func readingStateRemembersTheLastSlugUnderXDGStateHome() throws {
        let folder = try Folder([:])
        defer { folder.remove() }
        let state = ReadingState(environment: ["XDG_STATE_HOME": folder.path])
        #expect(state.file == folder.path + "/companion/last-lesson")
        #expect(state.lastSlug() == nil)
        try state.remember("fetching")
        #expect(state.lastSlug() == "fetching")
        #expect(ReadingState(environment: ["HOME": "/home/s"]).file == "/home/s/.local/state/companion/last-lesson")
    }

    @Test func searchFindsLessonsWithEveryWordAndHighlightsMatches() throws {
        let folder = try Folder(Self.files)
        defer { folder.remove() }
        let catalog = try LessonCatalog(directory: folder.path)
        let search = LessonSearch(words: ["Scratch", "context"])
        let matches = search.matches(in: catalog.lessons)
        #expect(matches.map(\.lesson.slug) == ["stack"])
        #expect(matches.first?.lines.map(\.number) == [2])
        #expect(
            search.highlighted("A context is a scratch pad.", colors: false).map(\.text).joined()
                == "A »context« is a »scratch« pad.")
        #expect(search.highlighted("Context", colors: true).first?.style == Theme.searchMatch)
    }

    @Test func outlineListsHeadingsWithLevels() {
        let headings = MarkdownOutline.headings(in: "# One\ntext\n## Two *x*\n> ### Three\n")
        #expect(
            headings == [.init(level: 1, text: "One"), .init(level: 2, text: "Two x"), .init(level: 3, text: "Three")])
    }
}
