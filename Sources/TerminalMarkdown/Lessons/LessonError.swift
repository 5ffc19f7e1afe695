/// Why a lesson could not be found or read; messages name the lesson and what exists.
public enum LessonError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No lesson matches the number, slug or file name the user gave.
    case notFound(String, available: [String])
    /// The lessons folder could not be listed, or the reading state not written.
    case unreadable(String)
    /// A lesson file could not be read as text (permissions, not UTF-8, a NUL byte).
    case badFile(String, MarkdownInputError)
    /// A file in the lessons folder is not named `NN-slug.md`.
    case badFileName(String)
    /// A lesson's front matter is malformed.
    case badFrontMatter(String, FrontMatterError)
    /// No lessons folder was found at all.
    case noLessons(searched: [String])
    /// `next` after the last lesson, or `prev` before the first.
    case noNeighbour(String)

    /// One sentence for the user.
    public var description: String {
        switch self {
        case .notFound(let selector, let available):
            let list = available.isEmpty ? "there are no lessons" : "lessons: " + available.joined(separator: ", ")
            return "no lesson '\(selector)'; \(list)"
        case .unreadable(let path):
            return "cannot read \(path)"
        case .badFile(let path, let error):
            return "\(path): \(error)"
        case .badFileName(let path):
            return "\(path) is not named like a lesson (NN-slug.md)"
        case .badFrontMatter(let path, let error):
            return "\(path): \(error)"
        case .noLessons(let searched):
            return "no lessons found (looked in \(searched.joined(separator: ", ")))"
        case .noNeighbour(let message):
            return message
        }
    }
}
