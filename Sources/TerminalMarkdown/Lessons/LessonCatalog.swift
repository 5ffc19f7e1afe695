import Foundation

/// The lessons in a folder, in number order, and the ways a student names one.
public struct LessonCatalog: Sendable {
    /// The folder the lessons came from.
    public var directory: String
    /// The lessons, ordered by number.
    public var lessons: [Lesson]

    /// Reads every `NN-slug.md` in `directory` (other files are ignored).
    public init(directory: String) throws(LessonError) {
        self.directory = directory
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .unreadable(directory)
        }
        var lessons: [Lesson] = []
        for name in names.sorted() where Lesson.numberAndSlug(of: name) != nil {
            lessons.append(try Lesson(contentsOf: (directory as NSString).appendingPathComponent(name)))
        }
        self.lessons = lessons.sorted { ($0.number, $0.slug) < ($1.number, $1.slug) }
    }

    /// The folder lessons are read from, as DESIGN.md §5 and the issue say: `LESSONS_PATH`, else
    /// the installed share folder (`<prefix>/share/companion/Lessons`, found from the executable
    /// in `<prefix>/bin`), else `./Lessons`, else — for a `companion` run straight from a SwiftPM
    /// build folder (`<package>/.build/…/companion`) — the package's own `Lessons` folder.
    /// - Returns: the first folder that exists, with the list of places looked at for messages.
    public static func locate(environment: [String: String], executable: String, currentDirectory: String)
        -> (directory: String?, searched: [String])
    {
        var candidates: [String] = []
        if let path = environment["LESSONS_PATH"], !path.isEmpty { candidates.append(path) }
        let bin = (executable as NSString).deletingLastPathComponent
        candidates.append(
            ((bin as NSString).appendingPathComponent("../share/companion/Lessons") as NSString)
                .standardizingPath)
        candidates.append((currentDirectory as NSString).appendingPathComponent("Lessons"))
        if let package = packageDirectory(containingBuildOf: executable) {
            candidates.append((package as NSString).appendingPathComponent("Lessons"))
        }
        var isDirectory: ObjCBool = false
        let found = candidates.first {
            FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        return (found, candidates)
    }

    /// The package folder of an executable SwiftPM built (the folder holding its `.build`), or nil
    /// when the executable is not inside a `.build` folder.
    public static func packageDirectory(containingBuildOf executable: String) -> String? {
        let components = (executable as NSString).pathComponents
        guard let build = components.lastIndex(of: ".build"), build > 0 else { return nil }
        return NSString.path(withComponents: Array(components[..<build]))
    }

    /// The lesson a student named: its number (`5`, `05`), its slug (`fetching`) or its file
    /// name (`05-fetching.md`).
    public func lesson(named selector: String) throws(LessonError) -> Lesson {
        let found = lessons.first { lesson in
            if let number = Int(selector), number == lesson.number { return true }
            let fileName = (lesson.path as NSString).lastPathComponent
            return selector == lesson.slug || selector == fileName || selector == "\(lesson.number)-\(lesson.slug)"
        }
        guard let found else { throw .notFound(selector, available: names) }
        return found
    }

    /// The lesson after (`offset` 1) or before (`offset` -1) the one with slug `slug`.
    public func neighbour(of slug: String?, offset: Int) throws(LessonError) -> Lesson {
        guard !lessons.isEmpty else { throw .notFound(offset > 0 ? "next" : "prev", available: []) }
        guard let slug, let index = lessons.firstIndex(where: { $0.slug == slug }) else {
            // Nothing read yet: `next` starts at the first lesson, `prev` has nowhere to go.
            if offset > 0 { return lessons[0] }
            throw .noNeighbour("no lesson read yet, so there is no previous one; try 'companion lessons 1'")
        }
        let target = index + offset
        guard lessons.indices.contains(target) else {
            let which = offset > 0 ? "the last" : "the first"
            throw .noNeighbour("'\(lessons[index].displayName)' is \(which) lesson")
        }
        return lessons[target]
    }

    /// `NN-slug` of every lesson, for messages.
    public var names: [String] {
        lessons.map(\.displayName)
    }
}
