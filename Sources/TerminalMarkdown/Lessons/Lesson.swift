import Foundation

/// One lesson note: a `Lessons/NN-slug.md` file with its front matter.
public struct Lesson: Equatable, Sendable {
    /// The number from the file name (`05-fetching.md` → 5).
    public var number: Int
    /// The name after the number (`05-fetching.md` → `fetching`).
    public var slug: String
    /// The file.
    public var path: String
    /// The `title` field, or the slug when there is none.
    public var title: String
    /// The `summary` field.
    public var summary: String
    /// The `samples` field: the sample programs the lesson uses.
    public var samples: [String]
    /// The `minutes` field, or an estimate from the length (200 words a minute).
    public var minutes: Int
    /// The Markdown after the front matter.
    public var body: String

    /// Reads a lesson file named `NN-slug.md`.
    public init(contentsOf path: String) throws(LessonError) {
        let name = (path as NSString).lastPathComponent
        guard let parts = Self.numberAndSlug(of: name) else { throw .badFileName(path) }
        let source: String
        do {
            source = try MarkdownInput.read(path: path)
        } catch {
            throw .badFile(path, error)
        }
        let frontMatter: FrontMatter
        do {
            frontMatter = try FrontMatter(parsing: source)
        } catch {
            throw .badFrontMatter(path, error)
        }
        number = parts.number
        slug = parts.slug
        self.path = path
        title = frontMatter["title"] ?? parts.slug
        summary = frontMatter["summary"] ?? ""
        samples = frontMatter.fields["samples"] ?? []
        body = frontMatter.body
        let words = body.split(whereSeparator: { $0 == " " || $0 == "\n" }).count
        minutes = frontMatter["minutes"].flatMap { Int($0) } ?? max(1, (words + 199) / 200)
    }

    /// `NN-slug`, as the list and messages show it (`05-fetching`).
    public var displayName: String {
        (number < 10 ? "0" : "") + "\(number)-\(slug)"
    }

    /// `05-fetching.md` → (5, "fetching"); nil for names not in that shape.
    public static func numberAndSlug(of fileName: String) -> (number: Int, slug: String)? {
        guard fileName.hasSuffix(".md") else { return nil }
        let stem = fileName.dropLast(3)
        let digits = stem.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits) else { return nil }
        let rest = stem.dropFirst(digits.count)
        guard rest.hasPrefix("-"), rest.count > 1 else { return nil }
        return (number, String(rest.dropFirst()))
    }
}
