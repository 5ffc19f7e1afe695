/// Fills lines with chunks, greedily, and starts new lines with the hanging indent.
struct LineFiller {
    let width: Int
    let continuationPrefix: [StyledSpan]
    private var lines: [StyledLine] = []
    private var line = StyledLine()
    private var lineWidth = 0
    private var hasContent = false
    private var pendingSpace: WrapChunk?

    init(width: Int, continuationPrefix: [StyledSpan]) {
        self.width = width
        self.continuationPrefix = continuationPrefix
    }

    /// Starts the first line with its own prefix.
    mutating func startLine(with prefix: [StyledSpan]) {
        line = StyledLine()
        lineWidth = 0
        for span in prefix {
            line.append(span)
            lineWidth += span.width
        }
        hasContent = false
        pendingSpace = nil
    }

    /// Ends the current line (a forced break) and starts the next with the hanging indent.
    mutating func breakLine() {
        lines.append(line)
        startLine(with: continuationPrefix)
    }

    /// Adds `chunk`, one of `chunking`'s, breaking the line before it when it does not fit.
    mutating func add(_ chunk: WrapChunk, of chunking: WrapChunks, from spans: [StyledSpan]) {
        if chunk.isSpace {
            if hasContent { pendingSpace = chunk }
            return
        }
        let spaceWidth = pendingSpace?.width ?? 0
        if hasContent, lineWidth + spaceWidth + chunk.width > width {
            breakLine()
        } else if let space = pendingSpace {
            append(space, of: chunking, from: spans)
        }
        pendingSpace = nil
        if lineWidth + chunk.width > width {
            // Too wide for any line: cut between characters.
            for piece in chunking.pieces[chunk.pieces] {
                for character in piece.text {
                    let characterWidth = DisplayWidth.of(character)
                    if hasContent, lineWidth + characterWidth > width { breakLine() }
                    let source = spans[piece.span]
                    line.append(StyledSpan(sanitized: String(character), style: source.style, link: source.link))
                    lineWidth += characterWidth
                    hasContent = true
                }
            }
        } else {
            append(chunk, of: chunking, from: spans)
        }
    }

    /// Adds a whole hard line at the start of an output line when all of it fits there, with
    /// what adding its chunks one by one would give (spaces at either end dropped, the rest as
    /// written), but without cutting it into chunks: most table cells, headings, list items and
    /// short paragraphs fit. Returns false, having added nothing, when it does not fit.
    mutating func addWhole(_ spans: [StyledSpan]) -> Bool {
        guard !hasContent, pendingSpace == nil else { return false }
        // A text holds a character other than a space exactly when it holds a byte other than one.
        guard let first = spans.firstIndex(where: { $0.text.utf8.contains { $0 != 0x20 } }),
            let last = spans.lastIndex(where: { $0.text.utf8.contains { $0 != 0x20 } })
        else { return true }  // Only spaces: nothing is drawn, as when they come one by one.
        var pieces: [StyledSpan] = []
        pieces.reserveCapacity(last - first + 1)
        var total = 0
        for index in first...last {
            var piece = spans[index]
            if index == first || index == last {
                var text = Substring(piece.text)
                if index == first { text = text.drop { $0 == " " } }
                if index == last { text = text.dropLast(text.reversed().prefix { $0 == " " }.count) }
                piece = StyledSpan(sanitized: String(text), style: piece.style, link: piece.link)
            }
            total += piece.width
            if lineWidth + total > width { return false }
            pieces.append(piece)
        }
        for piece in pieces { line.append(piece) }
        lineWidth += total
        hasContent = true
        return true
    }

    mutating func finish() -> [StyledLine] {
        lines.append(line)
        return lines
    }

    private mutating func append(_ chunk: WrapChunk, of chunking: WrapChunks, from spans: [StyledSpan]) {
        for piece in chunking.pieces[chunk.pieces] {
            line.appendSanitized(piece.text, style: spans[piece.span].style, link: spans[piece.span].link)
        }
        lineWidth += chunk.width
        hasContent = true
    }
}
