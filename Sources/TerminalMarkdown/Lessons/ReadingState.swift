import Foundation

/// Remembers the last lesson read, for `companion lessons next` and `prev`.
///
/// Kept in `$XDG_STATE_HOME/companion/last-lesson` (default `~/.local/state`), as the XDG Base
/// Directory specification says for state that should persist between runs but is not worth
/// backing up. The file holds the lesson's slug and a newline.
public struct ReadingState: Sendable {
    /// The file the slug is kept in.
    public let file: String

    /// The state file for an environment.
    public init(environment: [String: String]) {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = (home as NSString).appendingPathComponent(".local/state")
        }
        file = ((base as NSString).appendingPathComponent("companion") as NSString)
            .appendingPathComponent("last-lesson")
    }

    /// The slug of the last lesson read, or nil when none was (or the file is unreadable).
    public func lastSlug() -> String? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        let slug = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return slug.isEmpty ? nil : slug
    }

    /// Records `slug` as the last lesson read.
    public func remember(_ slug: String) throws(LessonError) {
        let directory = (file as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try (slug + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        } catch {
            throw .unreadable(file)
        }
    }
}
