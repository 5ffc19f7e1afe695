/// How many terminal columns text takes, as terminals draw it: glibc's `wcwidth` in C.UTF-8, the
/// table tmux and xterm use, kept in ``DisplayWidthTables`` so the result never depends on the locale.
///
/// The rules, per extended grapheme cluster (a Swift `Character`), checked against tmux:
/// - Each scalar takes its `wcwidth`: 2 for East Asian Wide and Fullwidth characters and emoji in
///   emoji presentation; 0 for combining marks (Mn, Me), most format characters (Cf) and conjoining
///   Hangul vowels; 1 for the rest, spacing marks (Mc) included, so Devanagari "कि" takes 2.
///   A scalar `wcwidth` gives no width (-1, unassigned) takes 1, as tmux assumes.
/// - A cluster takes the sum of its scalars, except that a scalar after a zero-width joiner joins
///   the previous one and adds nothing: "👩‍💻" takes 2. A variation selector adds nothing either,
///   so "❤\u{FE0F}" takes 1, as tmux draws it.
/// - Control characters (C0, DEL, C1) and bidirectional overrides never reach the terminal as
///   they are: ``TerminalSanitizer`` shows them visibly, and their width is the width of that
///   visible form.
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
        var afterJoiner = false
        for scalar in scalars {
            if !afterJoiner { width += of(scalar: scalar) }
            afterJoiner = scalar.value == 0x200D
        }
        return width
    }

    /// The columns a string takes: the sum over its characters.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        of(String(text))
    }

    /// The columns a string takes (the concrete `String` form, free of generic dispatch).
    public static func of(_ text: String) -> Int {
        // Printable ASCII is a column a byte; the bytes are scanned in place where they lie together.
        let isPrintableASCII =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                !bytes.contains { $0 >= 0x80 || $0 < 0x20 || $0 == 0x7F }
            } ?? !text.utf8.contains { $0 >= 0x80 || $0 < 0x20 || $0 == 0x7F }
        guard !isPrintableASCII else { return text.utf8.count }
        // Something beyond printable ASCII: count character by character.
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The columns one Unicode scalar takes on its own (0, 1 or 2); controls count as 0 here.
    public static func of(scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return 1 }
        if contains(DisplayWidthTables.zero, value) { return 0 }
        if contains(DisplayWidthTables.wide, value) { return 2 }
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
