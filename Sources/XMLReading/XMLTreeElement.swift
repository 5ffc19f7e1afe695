/// One element of an XML document, with its attributes, child elements, text and starting line.
public struct XMLTreeElement: Sendable, Equatable {
    /// The element's name as written, prefix included (`entity`, `scan-element`).
    public var name: String
    /// The element's attributes by name.
    public var attributes: [String: String] = [:]
    /// The child elements, in document order.
    public var children: [XMLTreeElement] = []
    /// The text directly inside the element (not inside its children), entities replaced.
    public var text: String = ""
    /// The line the element's start tag ends on (1-based), as libxml2 counts it.
    public var line: Int

    /// An element with no attributes, children or text.
    public init(name: String, line: Int) {
        self.name = name
        self.line = line
    }

    /// The children named `name`.
    public func children(named name: String) -> [XMLTreeElement] { children.filter { $0.name == name } }

    /// The first child named `name`.
    public func child(named name: String) -> XMLTreeElement? { children.first { $0.name == name } }
}

/// How much of a document ``XMLTreeReader`` accepts: every limit is far above what real files need.
public struct XMLTreeLimits: Sendable {
    /// The largest document, in bytes (the biggest real model in the corpus is under 1 MB).
    public var maximumBytes: Int
    /// The deepest nesting of elements (libxml2 stops at 256 by itself).
    public var maximumDepth: Int
    /// The most elements in one document.
    public var maximumElements: Int

    /// Limits of 64 MiB, 200 levels and a million elements, unless given.
    public init(maximumBytes: Int = 64 << 20, maximumDepth: Int = 200, maximumElements: Int = 1_000_000) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumElements = maximumElements
    }
}

/// Why a document could not be read: where, libxml2's error number, and the reason in words.
public struct XMLTreeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column of the problem.
    public var column: Int
    /// libxml2's error number (`xmlParserErrors`), or 0 for the reader's own checks and limits.
    public var code: Int
    /// What went wrong, in words.
    public var reason: String
    /// The elements open when reading stopped, outermost first.
    public var openElements: [String] = []

    /// An error at `line` and `column`.
    public init(line: Int, column: Int, code: Int, reason: String, openElements: [String] = []) {
        self.line = line
        self.column = column
        self.code = code
        self.reason = reason
        self.openElements = openElements
    }

    /// `line 3, column 7: <reason>`.
    public var description: String { "line \(line), column \(column): \(reason)" }

    func with(openElements: [String]) -> XMLTreeError {
        var copy = self
        copy.openElements = openElements
        return copy
    }
}
