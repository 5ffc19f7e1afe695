/// How many terminal columns text takes, from our own Unicode tables (never the C library's `wcwidth`).
///
/// The rules, per extended grapheme cluster (a Swift `Character`):
/// - East Asian Wide and Fullwidth characters (CJK ideographs, kana, Hangul syllables, fullwidth
///   forms) and emoji shown in emoji presentation take **2** columns.
/// - Combining marks (Mn, Me; and any mark following a base inside one cluster, as in Devanagari
///   "कि"), format characters (Cf: zero-width joiner, word joiner…) and conjoining Hangul vowels
///   take **0** columns: they sit on the character before them.
/// - Control characters (C0, DEL, C1) and bidirectional overrides never reach the terminal as
///   they are: ``TerminalSanitizer`` shows them visibly, and their width is the width of that
///   visible form.
/// - Everything else takes 1 column.
///
/// ```swift
/// DisplayWidth.of("日本語")   // 6
/// DisplayWidth.of("e\u{301}") // 1 (e + combining acute)
/// DisplayWidth.of("\u{1B}")   // 1 (shown as ␛)
/// ```
public enum DisplayWidth {
    /// The columns one character (grapheme cluster) takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // Fast path: plain ASCII letters, digits and punctuation.
        if scalars.count == 1, first.value >= 0x20, first.value < 0x7F { return 1 }
        if TerminalSanitizer.needsEscaping(first) {
            // The cluster is shown as the visible form of each scalar, one after another.
            return scalars.reduce(0) { total, scalar in
                total
                    + (TerminalSanitizer.needsEscaping(scalar)
                        ? TerminalSanitizer.visibleForm(of: scalar).unicodeScalars.count
                        : of(scalar: scalar))
            }
        }
        var width = 0
        for scalar in scalars {
            if scalar.value == 0xFE0F, first.properties.isEmoji {
                // VARIATION SELECTOR-16 asks for emoji presentation, which terminals draw wide.
                return 2
            }
            width = max(width, of(scalar: scalar))
        }
        return width
    }

    /// The columns a string takes: the sum over its characters.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        of(String(text))
    }

    /// The columns a string takes (the concrete `String` form, free of generic dispatch).
    public static func of(_ text: String) -> Int {
        var total = 0
        for unit in text.utf8 where unit >= 0x80 || unit < 0x20 || unit == 0x7F {
            // Something beyond printable ASCII: count character by character.
            for character in text { total += of(character) }
            return total
        }
        return text.utf8.count
    }

    /// The columns one Unicode scalar takes on its own (0, 1 or 2); controls count as 0 here.
    public static func of(scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return 1 }
        if contains(DisplayWidthTables.zero, value) { return 0 }
        if contains(DisplayWidthTables.wide, value) { return 2 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Binary search in sorted, non-overlapping ranges.
    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
