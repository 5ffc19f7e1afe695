/// A column of a listing: its heading and how its cells line up.
public struct TableColumn: Equatable, Sendable {
    /// Horizontal alignment in `table` and `markdown` output.
    public enum Alignment: Sendable {
        /// Left for text and right for numbers, decided cell by cell.
        case automatic
        /// Always left.
        case left
        /// Always right.
        case right
    }

    /// The heading (also the JSON key and CSV header).
    public var name: String
    /// How the cells line up.
    public var alignment: Alignment

    /// A column named `name`.
    public init(_ name: String, alignment: Alignment = .automatic) {
        self.name = name
        self.alignment = alignment
    }
}

extension TableColumn: ExpressibleByStringLiteral {
    /// A column with automatic alignment.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}
