/// Splits a predicate format string into tokens.
///
/// Quoted strings take the escapes `\n \t \r \0 \\ \" \' \uXXXX`, and `%%` inside them is a single `%`
/// (so a `%` survives the trip through a format string). Format specifiers are only recognised
/// outside quotes, as in Foundation. The lexer walks Unicode scalars (character columns are only
/// computed for error messages).
struct PredicateLexer {
    private let text: String
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) {
        self.text = text
        self.scalars = Array(text.unicodeScalars)
    }

    /// Every token of the text, ending with `.end`.
    static func tokenize(_ text: String) throws(ObjectPredicateError) -> [PredicateToken] {
        var lexer = PredicateLexer(text)
        var tokens: [PredicateToken] = []
        while true {
            let token = try lexer.nextToken()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    /// Operators of two characters, with the synonyms `=<`, `=>`, `<>` mapped to their canonical spelling.
    private static let twoCharacterSymbols = [
        "==": "==", "=<": "<=", "<=": "<=", "=>": ">=", ">=": ">=", "!=": "!=",
        "<>": "!=", "&&": "&&", "||": "||", "**": "**",
    ]
    /// Single-character punctuation and operators (`=` is `==`).
    private static let oneCharacterSymbols: [Unicode.Scalar: String] = [
        "=": "==", "<": "<", ">": ">", "!": "!", "(": "(", ")": ")", "{": "{", "}": "}", "[": "[", "]": "]", ",": ",",
        ".": ".", "-": "-", "+": "+", "*": "*", "/": "/",
    ]

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private func column(_ offset: Int) -> Int { PredicateColumn.column(in: text, offset: offset) }

    private func source(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

    private static func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A) || value == 0x5F
        }
        return scalar.properties.isAlphabetic
    }

    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        if isWordStart(scalar) || isDigit(scalar) { return true }
        // Combining marks and other-script digits belong to the word they follow.
        return !scalar.isASCII
            && (scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .spacingMark || scalar.properties.numericType != nil)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r"
            || (!scalar.isASCII && scalar.properties.isWhitespace)
    }

    private mutating func nextToken() throws(ObjectPredicateError) -> PredicateToken {
        while let scalar = current, Self.isSpace(scalar) { index += 1 }
        let start = index
        guard let scalar = current else { return PredicateToken(kind: .end, offset: start, text: "") }
        func token(_ kind: PredicateToken.Kind) -> PredicateToken {
            PredicateToken(kind: kind, offset: start, text: source(start..<index))
        }
        if scalar == "\"" || scalar == "'" {
            let value = try readString(quote: scalar)
            return token(.string(value))
        }
        if Self.isDigit(scalar) {
            return token(try readNumber())
        }
        if Self.isWordStart(scalar) {
            let word = readWord()
            if let keyword = PredicateKeyword.named(word) { return token(.keyword(keyword)) }
            return token(.identifier(word))
        }
        switch scalar {
        case "#", "$", "@":
            index += 1
            guard let next = current, Self.isWordStart(next) else {
                throw .unexpectedCharacter(predicate: text, column: column(start), character: String(scalar))
            }
            let word = readWord()
            switch scalar {
            case "#": return token(.identifier(word))
            case "$": return token(.variable(word))
            default: return token(.collectionOperator("@" + word))
            }
        case "%":
            return token(.formatSpecifier(try readFormatSpecifier()))
        default:
            break
        }
        if let next = peek(1), let symbol = Self.twoCharacterSymbols[String(scalar) + String(next)] {
            index += 2
            return token(.symbol(symbol))
        }
        if let symbol = Self.oneCharacterSymbols[scalar] {
            index += 1
            return token(.symbol(symbol))
        }
        throw .unexpectedCharacter(predicate: text, column: column(start), character: String(scalar))
    }

    private mutating func readWord() -> String {
        let start = index
        while let scalar = current, Self.isWordPart(scalar) { index += 1 }
        return source(start..<index)
    }

    private mutating func readString(quote: Unicode.Scalar) throws(ObjectPredicateError) -> String {
        let start = index
        index += 1
        var value = String.UnicodeScalarView()
        while let scalar = current {
            index += 1
            switch scalar {
            case quote:
                return String(value)
            case "%" where current == "%":
                index += 1
                value.append("%")
            case "\\":
                guard let escaped = current else { break }
                index += 1
                switch escaped {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "0": value.append("\0")
                case "u":
                    let digits = source(index..<min(index + 4, scalars.count))
                    if digits.unicodeScalars.count == 4, let code = UInt32(digits, radix: 16),
                        let decoded = Unicode.Scalar(code)
                    {
                        value.append(decoded)
                        index += 4
                    } else {
                        value.append("u")
                    }
                default: value.append(escaped)
                }
            default:
                value.append(scalar)
            }
        }
        throw .unterminatedString(predicate: text, column: column(start))
    }

    private mutating func readNumber() throws(ObjectPredicateError) -> PredicateToken.Kind {
        let start = index
        if current == "0", let radixMark = peek(1), let radix = ["x": 16, "X": 16, "o": 8, "b": 2][radixMark] {
            index += 2
            let digitsStart = index
            while let scalar = current, scalar.properties.isASCIIHexDigit { index += 1 }
            guard let value = UInt64(source(digitsStart..<index), radix: radix) else {
                throw .invalidValue(
                    predicate: text, column: column(start),
                    message: "'\(source(start..<index))' is not a valid number")
            }
            return .integer(value)
        }
        while let scalar = current, Self.isDigit(scalar) { index += 1 }
        var isInteger = true
        if current == ".", let next = peek(1), Self.isDigit(next) {
            isInteger = false
            index += 1
            while let scalar = current, Self.isDigit(scalar) { index += 1 }
        }
        if current == "e" || current == "E" {
            var lookahead = 1
            if peek(1) == "+" || peek(1) == "-" { lookahead = 2 }
            if let digit = peek(lookahead), Self.isDigit(digit) {
                isInteger = false
                index += lookahead
                while let scalar = current, Self.isDigit(scalar) { index += 1 }
            }
        }
        let literal = source(start..<index)
        if isInteger, let value = UInt64(literal) { return .integer(value) }
        guard let value = Double(literal) else {
            throw .invalidValue(predicate: text, column: column(start), message: "'\(literal)' is not a valid number")
        }
        return .double(value)
    }

    /// Reads `%@`, `%K`, `%d`, `%i`, `%u`, `%ld`, `%lld`, `%lu`, `%hd`, `%f`, `%lf`, `%g`, `%e` and
    /// returns the text after `%`.
    private mutating func readFormatSpecifier() throws(ObjectPredicateError) -> String {
        let start = index
        index += 1
        var specifier = ""
        while let scalar = current, scalar == "l" || scalar == "h" || scalar == "q" {
            specifier.unicodeScalars.append(scalar)
            index += 1
        }
        guard let conversion = current, "@KdiuDUxXofge".unicodeScalars.contains(conversion) else {
            throw .unexpectedCharacter(
                predicate: text, column: column(start),
                character: source(start..<min(index + 1, scalars.count)))
        }
        index += 1
        specifier.unicodeScalars.append(conversion)
        return specifier
    }
}
