/// The words a reader sees, for comparing rendered output with a spec example's HTML.
///
/// A **word** is a maximal run of characters that are letters or numbers (Unicode
/// `Character.isLetter` / `isNumber`), compared without regard to case. Punctuation is not part
/// of words because the renderer legitimately changes it (bullets, quote bars, `*` markers in
/// plain mode, `[1]` references). HTML is reduced to visible text by removing every tag
/// (`<…>`, including comments) and then decoding entities (`&amp;`, `&lt;`, `&gt;`, `&quot;`,
/// `&#39;`, `&#NN;`, `&#xHH;`), in that order, so an escaped `&lt;div&gt;` stays text.
enum VisibleText {
    /// The text of `html` as a browser would show it, without layout.
    static func text(ofHTML html: String) -> String {
        var withoutTags = ""
        var inTag = false
        for character in html {
            if inTag {
                if character == ">" { inTag = false }
            } else if character == "<" {
                inTag = true
            } else {
                withoutTags.append(character)
            }
        }
        return decodeEntities(withoutTags)
    }

    /// Decodes the entities cmark's HTML writer produces, plus numeric references.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let tail = rest[ampersand...]
            guard let semicolon = tail.prefix(12).firstIndex(of: ";") else {
                result.append("&")
                rest = rest[rest.index(after: ampersand)...]
                continue
            }
            let name = tail[tail.index(after: ampersand)..<semicolon]
            if let decoded = decode(name) {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = rest[rest.index(after: ampersand)...]
            }
        }
        return result + rest
    }

    private static func decode(_ name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value =
                digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }

    /// Rendered output without what the renderer adds that is not document text: escape
    /// sequences (SGR and OSC 8) and `[n]` reference markers.
    static func removingRenderMarks(_ output: String) -> String {
        var result = ""
        let scalars = Array(output.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", index + 1 < scalars.count {
                if scalars[index + 1] == "[" {
                    index += 2
                    while index < scalars.count, scalars[index] != "m" { index += 1 }
                    index += 1
                    continue
                }
                if scalars[index + 1] == "]" {
                    index += 2
                    while index + 1 < scalars.count, !(scalars[index] == "\u{1B}" && scalars[index + 1] == "\\") {
                        index += 1
                    }
                    index += 2
                    continue
                }
            }
            if scalar == "[" {
                var end = index + 1
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                if end > index + 1, end < scalars.count, scalars[end] == "]" {
                    index = end + 1
                    continue
                }
            }
            result.unicodeScalars.append(scalar)
            index += 1
        }
        return result
    }

    /// The words of `text`, lowercased, in order.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if !word.isEmpty {
                words.append(word.lowercased())
                word = ""
            }
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return words
    }
}
