/// Wraps styled text to a width in terminal columns, with a hanging indent.
///
/// Lines break at spaces and, for Chinese and Japanese, between wide characters — but never
/// before closing punctuation such as `。` or `」`, nor after an opening bracket such as `「`
/// (the simple form of the Japanese *kinsoku* rules). Widths come from ``DisplayWidth``, so
/// combining marks take no column and wide characters two. A word longer than a whole line is
/// cut between characters. Spaces at the end of a line are dropped.
///
/// ```swift
/// let wrapper = TextWrapper(width: 20)
/// let lines = wrapper.wrap([[StyledSpan("a long sentence that needs wrapping")]],
///                          firstPrefix: [StyledSpan("• ")], continuationPrefix: [StyledSpan("  ")])
/// // • a long sentence
/// //   that needs
/// //   wrapping
/// ```
public struct TextWrapper: Sendable {
    /// The widest a line may be, in columns (at least 1).
    public let width: Int

    /// Whether a hard line that fits whole is added without being cut into chunks (always, but
    /// for the tests that hold both ways to the same result).
    let addsFittingLinesWhole: Bool

    /// Creates a wrapper for lines of at most `width` columns.
    public init(width: Int) {
        self.init(width: width, addsFittingLinesWhole: true)
    }

    init(width: Int, addsFittingLinesWhole: Bool) {
        self.width = max(1, width)
        self.addsFittingLinesWhole = addsFittingLinesWhole
    }

    /// Wraps text made of hard lines (each inner array ends with a forced line break).
    /// - Parameters:
    ///   - hardLines: the text; each element is one line the author broke explicitly.
    ///   - firstPrefix: printed before the first output line (a list marker, a quote bar).
    ///   - continuationPrefix: printed before every other output line (the hanging indent).
    public func wrap(
        _ hardLines: [[StyledSpan]], firstPrefix: [StyledSpan] = [], continuationPrefix: [StyledSpan] = []
    ) -> [StyledLine] {
        var filler = LineFiller(width: width, continuationPrefix: continuationPrefix)
        filler.startLine(with: firstPrefix)
        for (index, spans) in hardLines.enumerated() {
            if index > 0 { filler.breakLine() }
            if addsFittingLinesWhole, filler.addWhole(spans) { continue }
            let chunking = Chunker.chunks(of: spans)
            for chunk in chunking.chunks {
                filler.add(chunk, of: chunking, from: spans)
            }
        }
        return filler.finish()
    }
}

/// A piece of one span: text that is never broken further unless it alone is too wide.
struct WrapPiece {
    var text: String
    var span: Int
    var width: Int
}

/// Pieces that stay together on one line, or a run of breakable spaces: a range of the pieces
/// of its ``WrapChunks``.
struct WrapChunk {
    var pieces: Range<Int>
    var width = 0
    var isSpace = false
}

/// The chunks of some spans and the pieces they are made of, all pieces in one array, so a
/// chunk (there is one per word) costs no array of its own.
struct WrapChunks {
    var chunks: [WrapChunk] = []
    var pieces: [WrapPiece] = []

    /// Adds a piece to the chunk whose pieces start at `start` (the last chunk, or the one being
    /// built after it), joined to its last piece when that comes from the same span.
    mutating func appendPiece(_ text: String, span: Int, width: Int, toChunkFrom start: Int) {
        if pieces.count > start, pieces[pieces.count - 1].span == span {
            pieces[pieces.count - 1].text += text
            pieces[pieces.count - 1].width += width
        } else {
            pieces.append(WrapPiece(text: text, span: span, width: width))
        }
    }
}
