/// Splits spans into chunks at the places a line may break.
enum Chunker {
    /// Characters a line must not start with (closing punctuation, small kana, the prolonged
    /// sound mark): a break before them is not allowed.
    static let noBreakBefore: Set<Character> = Set(
        "、。，．・：；？！ー）」』】〕〉》”’ゝゞぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々…‥〜" + ")]},.;:!?")

    /// Characters a line must not end with (opening brackets): a break after them is not allowed.
    static let noBreakAfter: Set<Character> = Set("（「『【〔〈《“‘([{")

    /// The chunks of `spans`; pieces refer to their span by index.
    static func chunks(of spans: [StyledSpan]) -> WrapChunks {
        var builder = ChunkBuilder()
        for (index, span) in spans.enumerated() {
            if span.text.utf8.allSatisfy({ $0 < 0x80 }) {
                builder.addASCII(span.text, span: index)
            } else {
                for character in span.text {
                    builder.add(character, span: index)
                }
            }
        }
        return builder.finish()
    }
}

/// The state of chunking: the word being built and whether a break may come before the next one.
private struct ChunkBuilder {
    private var result = WrapChunks()
    /// The word being built: its pieces are those from `wordStart` to the end.
    private var wordStart = 0
    private var wordWidth = 0
    private var breakBeforeNext = false

    /// ASCII text breaks only at spaces, so it is cut with a byte scan.
    mutating func addASCII(_ text: String, span: Int) {
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            if bytes[index] == 0x20 {
                addWord(text[start..<index], span: span)
                var end = index
                while end < bytes.endIndex, bytes[end] == 0x20 { end = bytes.index(after: end) }
                addSpaces(bytes.distance(from: index, to: end), span: span)
                start = end
                index = end
            } else {
                index = bytes.index(after: index)
            }
        }
        addWord(text[start..<bytes.endIndex], span: span)
    }

    /// One character of non-ASCII text.
    mutating func add(_ character: Character, span: Int) {
        if character == " " {
            addSpaces(1, span: span)
            return
        }
        let width = DisplayWidth.of(character)
        if breakBeforeNext, !Chunker.noBreakBefore.contains(character) { flushWord() }
        appendToWord(String(character), span: span, width: width)
        // Wide characters (CJK, emoji) allow a break after them; opening brackets never do. A
        // cluster two columns wide for other reasons (Devanagari "कि") is part of a word.
        let startsWide = character.unicodeScalars.first.map { DisplayWidth.of(scalar: $0) == 2 } ?? false
        breakBeforeNext = startsWide && !Chunker.noBreakAfter.contains(character)
    }

    mutating func finish() -> WrapChunks {
        flushWord()
        return result
    }

    private mutating func addWord(_ text: Substring, span: Int) {
        guard let first = text.first else { return }
        if breakBeforeNext, !Chunker.noBreakBefore.contains(first) { flushWord() }
        breakBeforeNext = false
        appendToWord(String(text), span: span, width: text.utf8.count)
    }

    private mutating func appendToWord(_ text: String, span: Int, width: Int) {
        result.appendPiece(text, span: span, width: width, toChunkFrom: wordStart)
        wordWidth += width
    }

    private mutating func addSpaces(_ count: Int, span: Int) {
        flushWord()
        breakBeforeNext = false
        let text = String(repeating: " ", count: count)
        // After the flush no word is being built, so the last chunk's pieces end the array.
        if let last = result.chunks.last, last.isSpace {
            result.appendPiece(text, span: span, width: count, toChunkFrom: last.pieces.lowerBound)
            result.chunks[result.chunks.count - 1].pieces = last.pieces.lowerBound..<result.pieces.count
            result.chunks[result.chunks.count - 1].width += count
        } else {
            let start = result.pieces.count
            result.appendPiece(text, span: span, width: count, toChunkFrom: start)
            result.chunks.append(WrapChunk(pieces: start..<result.pieces.count, width: count, isSpace: true))
        }
        wordStart = result.pieces.count
    }

    private mutating func flushWord() {
        if wordStart < result.pieces.count {
            result.chunks.append(WrapChunk(pieces: wordStart..<result.pieces.count, width: wordWidth))
        }
        wordStart = result.pieces.count
        wordWidth = 0
    }
}
