/// Splits a predicate format string into tokens.
///
/// Quoted strings take the escapes `\n \t \r \0 \\ \" \' \uXXXX`, and `%%` inside them is a single `%`
/// (so a `%` survives the trip through a format string). Format specifiers are only recognised
/// outside quotes, as in Foundation.
struct PredicateLexer {
    private let text: String
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        self.text = text
        self.characters = Array(text)
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

    private var current: Character? { index < characters.count ? characters[index] : nil }

    private func peek(_ offset: Int) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private mutating func nextToken() throws(ObjectPredicateError) -> PredicateToken {
        while let character = current, character.isWhitespace { index += 1 }
        let start = index
        guard let character = current else { return PredicateToken(kind: .end, column: start + 1, text: "") }
        func token(_ kind: PredicateToken.Kind) -> PredicateToken {
            PredicateToken(kind: kind, column: start + 1, text: String(characters[start..<index]))
        }
        if character == "\"" || character == "'" {
            let value = try readString(quote: character)
            return token(.string(value))
        }
        if character.isASCII, character.isNumber {
            return token(try readNumber())
        }
        if character.isLetter || character == "_" {
            let word = readWord()
            if let keyword = PredicateKeyword(rawValue: word.uppercased()) { return token(.keyword(keyword)) }
            return token(.identifier(word))
        }
        switch character {
        case "#", "$", "@":
            index += 1
            guard let next = current, next.isLetter || next == "_" else {
                throw .unexpectedCharacter(predicate: text, column: start + 1, character: String(character))
            }
            let word = readWord()
            switch character {
            case "#": return token(.identifier(word))
            case "$": return token(.variable(word))
            default: return token(.collectionOperator("@" + word))
            }
        case "%":
            return token(.formatSpecifier(try readFormatSpecifier()))
        default:
            break
        }
        let pair = String(character) + (peek(1).map { String($0) } ?? "")
        let twoCharacterSymbols = ["==": "==", "=<": "<=", "<=": "<=", "=>": ">=", ">=": ">=", "!=": "!=",
                                   "<>": "!=", "&&": "&&", "||": "||"]
        if let symbol = twoCharacterSymbols[pair] {
            index += 2
            return token(.symbol(symbol))
        }
        let oneCharacterSymbols: [Character: String] = ["=": "==", "<": "<", ">": ">", "!": "!", "(": "(",
            ")": ")", "{": "{", "}": "}", "[": "[", "]": "]", ",": ",", ".": ".", "-": "-"]
        if let symbol = oneCharacterSymbols[character] {
            index += 1
            return token(.symbol(symbol))
        }
        throw .unexpectedCharacter(predicate: text, column: start + 1, character: String(character))
    }

    private mutating func readWord() -> String {
        let start = index
        while let character = current, character.isLetter || character.isNumber || character == "_" {
            index += 1
        }
        return String(characters[start..<index])
    }

    private mutating func readString(quote: Character) throws(ObjectPredicateError) -> String {
        let startColumn = index + 1
        index += 1
        var value = ""
        while let character = current {
            index += 1
            switch character {
            case quote:
                return value
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
                    let digits = String(characters[index..<min(index + 4, characters.count)])
                    if digits.count == 4, let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) {
                        value.unicodeScalars.append(scalar)
                        index += 4
                    } else {
                        value.append("u")
                    }
                default: value.append(escaped)
                }
            default:
                value.append(character)
            }
        }
        throw .unterminatedString(predicate: text, column: startColumn)
    }

    private mutating func readNumber() throws(ObjectPredicateError) -> PredicateToken.Kind {
        let start = index
        if current == "0", let radixMark = peek(1), let radix = ["x": 16, "X": 16, "o": 8, "b": 2][radixMark] {
            index += 2
            let digitsStart = index
            while let character = current, character.isHexDigit { index += 1 }
            let digits = String(characters[digitsStart..<index])
            guard let value = UInt64(digits, radix: radix) else {
                throw .invalidValue(predicate: text, column: start + 1,
                                    message: "'\(String(characters[start..<index]))' is not a valid number")
            }
            return .integer(value)
        }
        while let character = current, character.isASCII, character.isNumber { index += 1 }
        var isInteger = true
        if current == ".", let next = peek(1), next.isASCII, next.isNumber {
            isInteger = false
            index += 1
            while let character = current, character.isASCII, character.isNumber { index += 1 }
        }
        if current == "e" || current == "E" {
            var lookahead = 1
            if peek(1) == "+" || peek(1) == "-" { lookahead = 2 }
            if let digit = peek(lookahead), digit.isASCII, digit.isNumber {
                isInteger = false
                index += lookahead
                while let character = current, character.isASCII, character.isNumber { index += 1 }
            }
        }
        let literal = String(characters[start..<index])
        if isInteger, let value = UInt64(literal) { return .integer(value) }
        guard let value = Double(literal) else {
            throw .invalidValue(predicate: text, column: start + 1, message: "'\(literal)' is not a valid number")
        }
        return .double(value)
    }

    /// Reads `%@`, `%K`, `%d`, `%i`, `%u`, `%ld`, `%lld`, `%lu`, `%hd`, `%f`, `%lf`, `%g`, `%e` and
    /// returns the text after `%`.
    private mutating func readFormatSpecifier() throws(ObjectPredicateError) -> String {
        let start = index
        index += 1
        var specifier = ""
        while let character = current, character == "l" || character == "h" || character == "q" {
            specifier.append(character)
            index += 1
        }
        guard let conversion = current, "@KdiuDUxXofge".contains(conversion) else {
            let found = String(characters[start..<min(index + 1, characters.count)])
            throw .unexpectedCharacter(predicate: text, column: start + 1, character: found)
        }
        index += 1
        specifier.append(conversion)
        return specifier
    }
}
