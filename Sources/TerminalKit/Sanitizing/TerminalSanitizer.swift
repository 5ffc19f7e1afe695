/// Makes text that came from outside (files, Markdown, stores, the network) harmless to print.
///
/// A terminal obeys the bytes it is sent: an ESC can recolour, retitle or hide the screen, a C1
/// control (U+009B is a one-character CSI) can do the same, and a bidirectional override can make
/// text read differently from how it is stored ("Trojan Source"). Nothing of that kind must reach
/// the terminal from data, so every such scalar is replaced by a **visible** stand-in:
///
/// | input | shown as |
/// |---|---|
/// | C0 controls U+0000–U+001F | the matching Unicode Control Picture: ESC → `␛`, NUL → `␀`, LF → `␊` |
/// | DEL U+007F | `␡` |
/// | C1 controls U+0080–U+009F | `<U+009B>` |
/// | bidi embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069 | `<U+202E>` |
/// | LINE / PARAGRAPH SEPARATOR U+2028, U+2029 | `<U+2028>` |
///
/// A TAB in running text becomes one space (code blocks expand tabs to stops before sanitising).
/// Only the renderer's own styling and link sequences are ever written as real escapes.
public enum TerminalSanitizer {
    /// Returns `text` with every dangerous scalar replaced by its visible form.
    ///
    /// Works on UTF-8 bytes: every scalar it replaces has a short, fixed encoding (C0 and DEL are
    /// one byte, C1 is `C2 80`–`C2 9F`, the bidi controls and separators are `E2 80 A8`–`E2 80 AE`
    /// and `E2 81 A6`–`E2 81 A9`), and everything else is copied as it is.
    public static func sanitize<S: StringProtocol>(_ text: S) -> String {
        sanitize(String(text))
    }

    /// Returns `text` with every dangerous scalar replaced by its visible form (the concrete
    /// `String` form, so callers in other modules do not go through generic dispatch per byte).
    public static func sanitize(_ text: String) -> String {
        guard needsWork(text) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var replaced: Unicode.Scalar?
            var length = 1
            if byte == 0x09 {
                output.append(0x20)
                index += 1
                continue
            } else if byte < 0x20 || byte == 0x7F {
                replaced = Unicode.Scalar(byte)
            } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                replaced = Unicode.Scalar(bytes[index + 1])
                length = 2
            } else if byte == 0xE2, index + 2 < bytes.count,
                (bytes[index + 1] == 0x80 && (0xA8...0xAE).contains(bytes[index + 2]))
                    || (bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2]))
            {
                let value = 0x2000 + (UInt32(bytes[index + 1] & 0x3F) << 6) + UInt32(bytes[index + 2] & 0x3F)
                replaced = Unicode.Scalar(value)
                length = 3
            }
            if let scalar = replaced {
                output += Array(visibleForm(of: scalar).utf8)
            } else {
                output.append(byte)
            }
            index += length
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `text` contains anything ``sanitize(_:)`` would change.
    public static func isSafe<S: StringProtocol>(_ text: S) -> Bool {
        !text.unicodeScalars.contains { $0 == "\t" || needsEscaping($0) }
    }

    /// Whether a scalar must never be written to a terminal as it is.
    @inline(__always)
    public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return true }
        if value < 0x2028 { return false }
        return (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// The visible stand-in printed for a scalar that ``needsEscaping(_:)``.
    public static func visibleForm(of scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        if value < 0x20, let picture = Unicode.Scalar(0x2400 + value) { return String(Character(picture)) }
        if value == 0x7F { return "\u{2421}" }
        let hex = String(value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// Whether ``sanitize(_:)`` has anything to replace: one scan of the UTF-8 bytes in place, for
    /// the same fixed encodings it replaces (a tab or C0 control, DEL, `C2 80`–`C2 9F`,
    /// `E2 80 A8`–`E2 80 AE`, `E2 81 A6`–`E2 81 A9`).
    private static func needsWork(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(containsReplaceable)
            ?? text.unicodeScalars.contains { $0 == "\t" || needsEscaping($0) }
    }

    private static func containsReplaceable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
            if byte == 0xE2, index + 2 < bytes.count,
                (bytes[index + 1] == 0x80 && (0xA8...0xAE).contains(bytes[index + 2]))
                    || (bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2]))
            {
                return true
            }
            index += 1
        }
        return false
    }
}
