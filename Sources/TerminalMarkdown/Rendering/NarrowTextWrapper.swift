import TerminalKit

/// Wraps text in which every character is one Unicode scalar one column wide (printable ASCII,
/// most Latin, Greek and Cyrillic letters, dashes and quotes, arrows, box drawing), without
/// prefixes, to the lines `TextWrapper` gives it, working on the bytes of each hard line at once
/// instead of a string per word.
///
/// In such text a line may break only at spaces (`TextWrapper` also breaks between wide
/// characters, and only then minds the kinsoku rules), and a character's width is a count of
/// scalars, so a line of output is a range of its hard line's bytes: the words greedily put on it
/// and the spaces between them, without the spaces at either end; a word wider than the page is
/// cut between characters. Each output line's spans are the pieces of the input spans in that
/// range, neighbours that look the same joined, as `StyledLine.append` joins them.
enum NarrowTextWrapper {
    /// The lines `TextWrapper(width: width).wrap(hardLines)` returns, or nil when some character
    /// is not of the kind described above (that text goes to `TextWrapper`).
    static func wrap(_ hardLines: [[StyledSpan]], width: Int) -> [StyledLine]? {
        let width = max(1, width)
        guard !hardLines.isEmpty else { return [StyledLine()] }
        var lines: [StyledLine] = []
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for spans in hardLines {
            bytes.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            for span in spans {
                bytes += span.text.utf8
                ends.append(bytes.count)
            }
            guard isNarrow(bytes) else { return nil }
            for range in lineRanges(of: bytes, width: width) {
                lines.append(line(range, of: spans, bytes: bytes, ends: ends))
            }
        }
        return lines
    }

    /// Whether every scalar of the UTF-8 `bytes` is printable ASCII or, from the blocks listed in
    /// ``narrowBlocks``, one column wide. None of those blocks holds a combining mark, joiner,
    /// prepended or conjoining scalar, so each scalar is a character of its own.
    static func isNarrow(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                guard lead >= 0x20, lead < 0x7F else { return false }
                index += 1
                continue
            }
            // Valid UTF-8 (a Swift string's): two or three bytes for every scalar below U+10000.
            let value: UInt32
            if lead < 0xE0, index + 1 < bytes.count {
                value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                index += 2
            } else if lead < 0xF0, index + 2 < bytes.count {
                value =
                    UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                index += 3
            } else {
                return false
            }
            guard narrowBlocks.contains(where: { $0.contains(value) }), let scalar = Unicode.Scalar(value),
                DisplayWidth.of(scalar: scalar) == 1
            else { return false }
        }
        return true
    }

    /// Blocks without combining marks, joiners or other scalars that join the one before or after:
    /// Latin-1 and Latin Extended (not the soft hyphen), Greek, Cyrillic (not its combining marks),
    /// General Punctuation up to the line separator and between the bidirectional controls and the
    /// invisible operators, and the symbols from Arrows to Miscellaneous Symbols and Arrows.
    static let narrowBlocks: [ClosedRange<UInt32>] = [
        0xA0...0xAC, 0xAE...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205E,
        0x2190...0x2BFF,
    ]

    /// The byte ranges of the output lines of one hard line (at least one, maybe empty), filled
    /// greedily: a word goes on the current line if it fits after the spaces before it, otherwise
    /// on the next; a word wider than a whole line fills lines character by character.
    static func lineRanges(of bytes: [UInt8], width: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        // The current line's content (empty until its first word) and its width.
        var start = 0
        var end = 0
        var lineWidth = 0
        var hasContent = false
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x20 {
                index += 1
                continue
            }
            var wordEnd = index
            var wordWidth = 0
            while wordEnd < bytes.count, bytes[wordEnd] != 0x20 {
                // A column per scalar: count every byte but UTF-8 continuation bytes.
                if bytes[wordEnd] & 0xC0 != 0x80 { wordWidth += 1 }
                wordEnd += 1
            }
            if hasContent {
                // The spaces before the word are one byte and one column each.
                let spaceWidth = index - end
                if lineWidth + spaceWidth + wordWidth > width {
                    ranges.append(start..<end)
                    hasContent = false
                    lineWidth = 0
                } else {
                    lineWidth += spaceWidth
                }
            }
            if !hasContent { start = index }
            if lineWidth + wordWidth <= width {
                lineWidth += wordWidth
                end = wordEnd
                hasContent = true
            } else {
                // Too wide for any line (so it starts one): whole lines of it, then the rest goes on
                // as the current line.
                var cut = index
                var remaining = wordWidth
                while remaining > width {
                    var next = cut
                    for _ in 0..<width {
                        next += 1
                        while next < wordEnd, bytes[next] & 0xC0 == 0x80 { next += 1 }
                    }
                    ranges.append(cut..<next)
                    cut = next
                    remaining -= width
                }
                start = cut
                end = wordEnd
                lineWidth = remaining
                hasContent = true
            }
            index = wordEnd
        }
        ranges.append(hasContent ? start..<end : 0..<0)
        return ranges
    }

    /// The output line made of `range` of a hard line's bytes, whose spans end at `ends`: a span
    /// for each run of neighbours that look the same, the input span itself where the run is one
    /// whole span (no new text), so nothing is left for `StyledLine.append` to join.
    private static func line(_ range: Range<Int>, of spans: [StyledSpan], bytes: [UInt8], ends: [Int]) -> StyledLine {
        var pieces: [StyledSpan] = []
        var spanStart = 0
        // The run being gathered: its first span, where its bytes start, and how many spans it has.
        var head: Int?
        var runStart = range.lowerBound
        var runCount = 0
        var headIsWhole = false
        func closeRun(at end: Int) {
            guard let head else { return }
            let look = spans[head]
            if runCount == 1, headIsWhole {
                pieces.append(look)
            } else {
                let text = String(decoding: bytes[runStart..<end], as: UTF8.self)
                pieces.append(StyledSpan(text, style: look.style, link: look.link))
            }
        }
        for (index, spanEnd) in ends.enumerated() {
            defer { spanStart = spanEnd }
            let lower = max(spanStart, range.lowerBound)
            let upper = min(spanEnd, range.upperBound)
            guard lower < upper else {
                if spanStart >= range.upperBound { break }
                continue
            }
            if let head, spans[head].style == spans[index].style, spans[head].link == spans[index].link {
                runCount += 1
                continue
            }
            closeRun(at: lower)
            head = index
            runStart = lower
            runCount = 1
            headIsWhole = lower == spanStart && upper == spanEnd
        }
        closeRun(at: range.upperBound)
        return StyledLine(pieces)
    }
}
