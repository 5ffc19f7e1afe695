/// Splits source code into tokens by a ``LanguageSyntax``.
///
/// It runs over the whole block at once, so a comment or string that spans lines is coloured on
/// every line it covers. Anything it does not recognise is plain text: a lexer error never loses
/// a character.
struct CodeLexer {
    private let syntax: LanguageSyntax
    private let scalars: [Unicode.Scalar]
    /// The code's UTF-8 bytes, and where each scalar's bytes start (one more entry: the end), so
    /// a token's text is copied out as bytes rather than rebuilt scalar by scalar.
    private let utf8: [UInt8]
    private let utf8Offsets: [Int]
    private var index = 0
    private var tokens: [CodeToken] = []
    private var plainStart: Int?
    /// The syntax's markers as scalars, read once rather than at every scalar of the code: the
    /// block comment's opening, the line comments', the quotes and the attribute prefixes.
    private let blockCommentOpen: [Unicode.Scalar]?
    private let lineComments: [[Unicode.Scalar]]
    private let quotes: [Unicode.Scalar]
    private let attributePrefixes: [Unicode.Scalar]

    /// The tokens of `code`; joined, their texts give back `code` exactly.
    static func tokens(of code: String, syntax: LanguageSyntax) -> [CodeToken] {
        var lexer = CodeLexer(syntax: syntax, code: code)
        lexer.run()
        return lexer.tokens
    }

    private init(syntax: LanguageSyntax, code: String) {
        self.syntax = syntax
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        scalars.reserveCapacity(code.utf8.count)
        offsets.reserveCapacity(code.utf8.count + 1)
        var offset = 0
        for scalar in code.unicodeScalars {
            scalars.append(scalar)
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        self.scalars = scalars
        self.utf8Offsets = offsets
        self.utf8 = Array(code.utf8)
        blockCommentOpen = syntax.blockComment.map { Array($0.open.unicodeScalars) }
        lineComments = syntax.lineComments.map { Array($0.unicodeScalars) }
        quotes = Array(syntax.quotes)
        attributePrefixes = Array(syntax.attributePrefixes)
    }

    /// The text of the scalars in `range`.
    private func text(_ range: Range<Int>) -> String {
        utf8.withUnsafeBufferPointer { bytes in
            String(decoding: bytes[utf8Offsets[range.lowerBound]..<utf8Offsets[range.upperBound]], as: UTF8.self)
        }
    }

    private mutating func run() {
        while index < scalars.count {
            let scalar = scalars[index]
            let atLineStart = index == 0 || scalars[index - 1] == "\n"
            if syntax.prompts, atLineStart, matches(Self.prompt) {
                emit(.prompt, length: 2)
            } else if syntax.preprocessorLines, atLineStart || onlySpacesBeforeOnLine(), scalar == "#" {
                emit(.attribute, length: lengthToLineEnd())
            } else if let open = blockCommentOpen, matches(open), let block = syntax.blockComment {
                emit(.comment, length: length(upTo: block.close, from: index + open.count))
            } else if lineComments.contains(where: { matches($0) }),
                !syntax.commentsStartWords || index == 0 || isSpace(scalars[index - 1])
            {
                emit(.comment, length: lengthToLineEnd())
            } else if syntax.tripleQuotedStrings, matches(Self.tripleQuote) {
                emit(.string, length: length(upTo: "\"\"\"", from: index + 3))
            } else if quotes.contains(scalar) {
                let length = stringLength(quote: scalar)
                emit(syntax.objectKeys && followedByColon(after: index + length) ? .key : .string, length: length)
            } else if scalar == "@", attributePrefixes.contains("@"), index + 1 < scalars.count,
                scalars[index + 1] == "\""
            {
                // Objective-C string literal @"…".
                index += 1
                let length = stringLength(quote: "\"")
                index -= 1
                emit(.string, length: length + 1)
            } else if attributePrefixes.contains(scalar), index + 1 < scalars.count,
                isIdentifierStart(scalars[index + 1])
            {
                emit(.attribute, length: 1 + identifierLength(from: index + 1))
            } else if syntax.shellVariables, scalar == "$", let length = variableLength() {
                emit(.variable, length: length)
            } else if isDigit(scalar), index == 0 || !isIdentifierPart(scalars[index - 1]) {
                emit(.number, length: numberLength())
            } else if isIdentifierStart(scalar) {
                let length = identifierLength(from: index)
                let word = text(index..<index + length)
                emit(kind(ofWord: word), length: length)
            } else {
                if plainStart == nil { plainStart = index }
                index += 1
            }
        }
        flushPlain()
    }

    private func kind(ofWord word: String) -> CodeToken.Kind {
        let key = syntax.caseInsensitiveKeywords ? word.lowercased() : word
        if syntax.keywords.contains(key) { return .keyword }
        if syntax.capitalizedTypes, let first = word.unicodeScalars.first, first.properties.isUppercase { return .type }
        return .plain
    }

    // MARK: - Emitting

    private mutating func emit(_ kind: CodeToken.Kind, length: Int) {
        flushPlain()
        let end = min(scalars.count, index + max(1, length))
        tokens.append(CodeToken(kind: kind, text: text(index..<end)))
        index = end
    }

    private mutating func flushPlain() {
        guard let start = plainStart else { return }
        tokens.append(CodeToken(kind: .plain, text: text(start..<index)))
        plainStart = nil
    }

    // MARK: - Measuring

    private static let prompt: [Unicode.Scalar] = ["$", " "]
    private static let tripleQuote: [Unicode.Scalar] = ["\"", "\"", "\""]

    /// Whether the code at `index` starts with `marker`.
    private func matches(_ marker: [Unicode.Scalar]) -> Bool {
        guard index + marker.count <= scalars.count else { return false }
        for (offset, scalar) in marker.enumerated() where scalars[index + offset] != scalar { return false }
        return true
    }

    /// From `index` to just after `close` (searched from `start`), or to the end of the code.
    private func length(upTo close: String, from start: Int) -> Int {
        let closing = Array(close.unicodeScalars)
        var position = start
        while position + closing.count <= scalars.count {
            if Array(scalars[position..<position + closing.count]) == closing {
                return position + closing.count - index
            }
            position += 1
        }
        return scalars.count - index
    }

    private func lengthToLineEnd() -> Int {
        var position = index
        while position < scalars.count, scalars[position] != "\n" { position += 1 }
        return position - index
    }

    private func onlySpacesBeforeOnLine() -> Bool {
        var position = index - 1
        while position >= 0, scalars[position] != "\n" {
            if !isSpace(scalars[position]) { return false }
            position -= 1
        }
        return true
    }

    /// A quoted string with backslash escapes (none inside shell single quotes).
    private func stringLength(quote: Unicode.Scalar) -> Int {
        var position = index + 1
        let escapes = !(syntax.shellVariables && quote == "'")
        while position < scalars.count {
            let scalar = scalars[position]
            if escapes, scalar == "\\" {
                position += 2
                continue
            }
            if scalar == quote { return position + 1 - index }
            if scalar == "\n", !syntax.multilineStrings { return position - index }
            position += 1
        }
        return scalars.count - index
    }

    private func followedByColon(after end: Int) -> Bool {
        var position = end
        while position < scalars.count, isSpace(scalars[position]) { position += 1 }
        return position < scalars.count && scalars[position] == ":"
    }

    private func identifierLength(from start: Int) -> Int {
        var position = start
        while position < scalars.count, isIdentifierPart(scalars[position]) { position += 1 }
        return position - start
    }

    private func numberLength() -> Int {
        var position = index
        while position < scalars.count {
            let scalar = scalars[position]
            let isFraction = scalar == "." && position + 1 < scalars.count && isDigit(scalars[position + 1])
            guard isIdentifierPart(scalar) || isFraction else { break }
            position += 1
        }
        return position - index
    }

    /// `$NAME`, `${…}`, `$1`, `$?` and friends; nil for a lone `$`.
    private func variableLength() -> Int? {
        guard index + 1 < scalars.count else { return nil }
        let next = scalars[index + 1]
        if next == "{" { return length(upTo: "}", from: index + 2) }
        if isIdentifierStart(next) { return 1 + identifierLength(from: index + 1) }
        if isDigit(next) || "?#@*!$-".unicodeScalars.contains(next) { return 2 }
        return nil
    }

    // MARK: - Classes of characters

    private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n"
    }

    private func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    private func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII, nearly all code, without the Unicode property tables.
        if scalar.isASCII {
            let lowered = scalar.value | 0x20
            return scalar == "_" || (lowered >= 0x61 && lowered <= 0x7A)
        }
        return scalar.properties.isAlphabetic
    }

    private func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || isDigit(scalar)
    }
}
